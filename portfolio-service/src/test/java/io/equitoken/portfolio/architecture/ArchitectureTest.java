package io.equitoken.portfolio.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/** The architecture as rules: features free of adapters, no other service's code. */
class ArchitectureTest {

  private static final String[] FEATURES = {
    "io.equitoken.portfolio.holding..",
    "io.equitoken.portfolio.valuation..",
    "io.equitoken.portfolio.market.."
  };

  private static final JavaClasses CLASSES =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.equitoken.portfolio");

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
                "io.equitoken.platform..",
                "org.apache.kafka..",
                "io.r2dbc..",
                "jakarta.persistence..",
                "jakarta.validation..",
                "tools.jackson..",
                "com.fasterxml.jackson..",
                "io.equitoken.portfolio.web..",
                "io.equitoken.portfolio.messaging..",
                "io.equitoken.portfolio.persistence..",
                "io.equitoken.portfolio.config..")
            .because("the domain decides and adapters translate (STYLE.md)");
    rule.check(CLASSES);
  }

  @Test
  void shouldNotImportAnyOtherServicesCode() {
    ArchRule rule =
        noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "io.equitoken.identity..",
                "io.equitoken.listings..",
                "io.equitoken.trading..",
                "io.equitoken.compliance..",
                "io.equitoken.webhooks..",
                "io.equitoken.gateway..")
            .because("services talk only through Kafka topics and contracts (DESIGN.md §1)");
    rule.check(CLASSES);
  }

  @Test
  void shouldKeepAdaptersFromDependingOnEachOther() {
    ArchRule rule =
        noClasses()
            .that()
            .resideInAnyPackage(
                "io.equitoken.portfolio.web..",
                "io.equitoken.portfolio.messaging..",
                "io.equitoken.portfolio.persistence..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.equitoken.portfolio.config..")
            .because("configuration wires adapters, not the other way round");
    rule.check(CLASSES);
  }

  @Test
  void shouldNeverReturnPersistenceTypesFromControllers() {
    ArchRule rule =
        classes()
            .that()
            .resideInAPackage("io.equitoken.portfolio.web..")
            .should()
            .onlyDependOnClassesThat()
            .resideOutsideOfPackage("io.equitoken.portfolio.persistence..")
            .because("controllers answer DTOs, never rows or entities");
    rule.check(CLASSES);
  }
}
