package io.equitoken.trading.matcher;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The matcher is a plain library: no Spring, and it reaches the engine only through its API. */
@AnalyzeClasses(
    packages = "io.equitoken.trading.matcher",
    importOptions = ImportOption.DoNotIncludeTests.class)
class MatcherArchitectureTest {

  @ArchTest
  static final ArchRule noSpring =
      noClasses()
          .that()
          .resideInAPackage("io.equitoken.trading.matcher..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("org.springframework..", "reactor..");

  @ArchTest
  static final ArchRule engineInternalsStayInternal =
      noClasses()
          .that()
          .resideInAPackage("io.equitoken.trading.matcher..")
          .and()
          .doNotHaveSimpleName("EngineFactory")
          .and()
          .doNotHaveSimpleName("EngineFactory$1")
          .and()
          .doNotHaveSimpleName("EngineFactory$2")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.equitoken.trading.engine.fast..", "io.equitoken.trading.engine.reference..")
          .because("only EngineFactory picks an implementation")
          .allowEmptyShould(true);
}
