package io.equitoken.trading.matcher;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The matcher is a plain library: no framework anywhere, a pure core ({@code core}: commands,
 * admission, translation, positions) apart from its Kafka adapter ({@code kafka}), and only
 * EngineFactory picks an engine. The build's enforcer rule keeps the classpath as free as the code.
 */
class MatcherArchitectureTest {

  private static final JavaClasses MATCHER =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.equitoken.trading.matcher");

  @Test
  void shouldNotDependOnSpringReactorR2dbcOrFlyway() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.springframework..", "reactor..", "io.r2dbc..", "org.flywaydb..")
        .check(MATCHER);
  }

  @Test
  void shouldKeepTheCoreFreeOfKafkaAndTheAdapter() {
    noClasses()
        .that()
        .resideInAPackage("io.equitoken.trading.matcher.core..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.equitoken.trading.matcher.kafka..", "org.apache.kafka..", "io.equitoken.platform..")
        .check(MATCHER);
  }

  @Test
  void shouldHaveOnlyTheCoreAndTheAdapter() {
    noClasses()
        .should()
        .resideOutsideOfPackages(
            "io.equitoken.trading.matcher.core", "io.equitoken.trading.matcher.kafka")
        .check(MATCHER);
  }

  @Test
  void shouldPickEngineImplementationsOnlyInEngineFactory() {
    noClasses()
        .that()
        .haveNameNotMatching("io\\.equitoken\\.trading\\.matcher\\.core\\.EngineFactory.*")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.equitoken.trading.engine.fast..", "io.equitoken.trading.engine.reference..")
        .check(MATCHER);
  }
}
