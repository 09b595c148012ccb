package io.equitoken.webhooks.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The architecture as rules: features free of adapters and frameworks, no other service's code. */
class ArchitectureTest {

  private static final String[] FEATURES = {
    "io.equitoken.webhooks.catalogue..",
    "io.equitoken.webhooks.subscription..",
    "io.equitoken.webhooks.delivery..",
    "io.equitoken.webhooks.endpoint.."
  };

  private static final JavaClasses CLASSES =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.equitoken.webhooks");

  @Test
  void shouldKeepFeaturePackagesFreeOfAdaptersAndFrameworks() {
    // JSON trees (Jackson) are allowed: webhook bodies are JSON by definition; of the platform only
    // the framework-free platform-core (refusals), as in every service (ArchitectureRules)
    noClasses()
        .that()
        .resideInAnyPackage(FEATURES)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.springframework..",
            "io.equitoken.platform.web..",
            "io.equitoken.platform.events..",
            "io.equitoken.platform.test..",
            "org.apache.kafka..",
            "io.r2dbc..",
            "io.netty..",
            "reactor.netty..",
            "io.github.resilience4j..",
            "io.equitoken.webhooks.web..",
            "io.equitoken.webhooks.messaging..",
            "io.equitoken.webhooks.persistence..",
            "io.equitoken.webhooks.http..",
            "io.equitoken.webhooks.config..")
        .because("the domain decides and adapters translate (docs/conventions.md)")
        .check(CLASSES);
  }

  @Test
  void shouldNotImportAnyOtherServicesCode() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.equitoken.identity..",
            "io.equitoken.listings..",
            "io.equitoken.portfolio..",
            "io.equitoken.trading..",
            "io.equitoken.compliance..",
            "io.equitoken.gateway..")
        .because("services talk only through Kafka topics and contracts (docs/architecture.md)")
        .check(CLASSES);
  }

  @Test
  void shouldKeepAdaptersFromDependingOnEachOther() {
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.equitoken.webhooks.web..",
            "io.equitoken.webhooks.messaging..",
            "io.equitoken.webhooks.persistence..",
            "io.equitoken.webhooks.http..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.equitoken.webhooks.config..")
        .check(CLASSES);
  }
}
