package io.equitoken.trading.service.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.equitoken.platform.test.ArchitectureRules;
import org.junit.jupiter.api.Test;

/**
 * The architecture as rules: the platform's generic set (features free of adapters and frameworks,
 * no other service's code, adapters independent of configuration) plus trading's own. The service
 * uses the trading libraries (the engine, the matcher); the engine never knows the service. The
 * features use no Jakarta API at all, not only the persistence, validation and servlet ones.
 */
class ArchitectureTest {

  static final ArchitectureRules RULES =
      ArchitectureRules.forService("io.equitoken.trading.service")
          .features(
              "window",
              "order",
              "market",
              "history",
              "transfer",
              "rules",
              "controls",
              "cash",
              "kernel")
          .adapters("web", "messaging", "persistence", "config")
          .alsoAllowing("io.equitoken.trading.engine", "io.equitoken.trading.matcher")
          .featuresMustNotUse("jakarta..");

  @Test
  void shouldKeepFeaturePackagesFreeOfWebMessagingAndPersistence() {
    assertThat(RULES.featuresFreeOfAdapters().getFailureReport().getDetails()).isEmpty();
  }

  @Test
  void shouldNotImportAnyOtherServicesCode() {
    assertThat(RULES.serviceBoundary().getFailureReport().getDetails()).isEmpty();
  }

  @Test
  void shouldKeepAdaptersFromDependingOnEachOther() {
    assertThat(RULES.adaptersIndependentOfConfiguration().getFailureReport().getDetails())
        .isEmpty();
  }

  @Test
  void shouldKeepTheEngineLibraryIgnorantOfTheService() {
    ArchRule rule =
        noClasses()
            .that()
            .resideInAPackage("io.equitoken.trading.engine..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.equitoken.trading.service..")
            .because("trading-engine is a plain library the service uses, never the reverse");
    JavaClasses trading =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.equitoken.trading");
    assertThat(rule.evaluate(trading).getFailureReport().getDetails()).isEmpty();
  }

  @Test
  void shouldNeverReturnPersistenceTypesFromControllers() {
    ArchRule rule =
        classes()
            .that()
            .resideInAPackage("io.equitoken.trading.service.web..")
            .should()
            .onlyDependOnClassesThat()
            .resideOutsideOfPackage("io.equitoken.trading.service.persistence..")
            .because("controllers answer DTOs, never rows or entities");
    assertThat(RULES.evaluate(rule).getFailureReport().getDetails()).isEmpty();
  }
}
