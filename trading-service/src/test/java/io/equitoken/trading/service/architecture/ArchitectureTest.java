package io.equitoken.trading.service.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The architecture as rules: features free of adapters, no other service's code, and the service
 * ({@code io.equitoken.trading.service}) kept apart from the engine library ({@code
 * io.equitoken.trading.engine}), which it may use but which never knows it.
 */
class ArchitectureTest {

  private static final String SERVICE = "io.equitoken.trading.service..";

  private static final String[] FEATURES = {
    "io.equitoken.trading.service.window..",
    "io.equitoken.trading.service.order..",
    "io.equitoken.trading.service.market..",
    "io.equitoken.trading.service.history..",
    "io.equitoken.trading.service.transfer..",
    "io.equitoken.trading.service.rules..",
    "io.equitoken.trading.service.controls..",
    "io.equitoken.trading.service.kernel.."
  };

  private static final JavaClasses CLASSES =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.equitoken.trading");

  @Test
  void shouldKeepFeaturePackagesFreeOfWebMessagingAndPersistence() {
    ArchRule rule =
        noClasses()
            .that()
            .resideInAnyPackage(FEATURES)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "org.springframework..",
                // platform-core (Refusal, RefusedException) is framework-free and allowed
                "io.equitoken.platform.web..",
                "io.equitoken.platform.events..",
                "io.equitoken.platform.test..",
                "org.apache.kafka..",
                "io.r2dbc..",
                "jakarta..",
                "tools.jackson..",
                "com.fasterxml.jackson..",
                "io.equitoken.trading.service.web..",
                "io.equitoken.trading.service.messaging..",
                "io.equitoken.trading.service.persistence..",
                "io.equitoken.trading.service.config..")
            .because(
                "the domain decides and adapters translate (docs/conventions.md); platform-core is plain Java");
    rule.check(CLASSES);
  }

  @Test
  void shouldKeepTheEngineLibraryIgnorantOfTheService() {
    ArchRule rule =
        noClasses()
            .that()
            .resideInAPackage("io.equitoken.trading.engine..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage(SERVICE)
            .because("trading-engine is a plain library the service uses, never the reverse");
    rule.check(CLASSES);
  }

  @Test
  void shouldNotImportAnyOtherServicesCode() {
    ArchRule rule =
        noClasses()
            .that()
            .resideInAPackage(SERVICE)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "io.equitoken.identity..",
                "io.equitoken.listings..",
                "io.equitoken.portfolio..",
                "io.equitoken.compliance..",
                "io.equitoken.webhooks..",
                "io.equitoken.gateway..")
            .because(
                "services talk only through Kafka topics and contracts (docs/architecture.md)");
    rule.check(CLASSES);
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
    rule.check(CLASSES);
  }
}
