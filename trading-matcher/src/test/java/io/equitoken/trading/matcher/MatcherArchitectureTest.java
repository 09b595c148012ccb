package io.equitoken.trading.matcher;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The matcher is a plain library: no Spring, and only EngineFactory picks an engine. */
class MatcherArchitectureTest {

  private static final JavaClasses MATCHER =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.equitoken.trading.matcher");

  @Test
  void shouldNotDependOnSpringOrReactor() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.springframework..", "reactor..")
        .check(MATCHER);
  }

  @Test
  void shouldPickEngineImplementationsOnlyInEngineFactory() {
    noClasses()
        .that()
        .haveNameNotMatching("io\\.equitoken\\.trading\\.matcher\\.EngineFactory.*")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.equitoken.trading.engine.fast..", "io.equitoken.trading.engine.reference..")
        .check(MATCHER);
  }
}
