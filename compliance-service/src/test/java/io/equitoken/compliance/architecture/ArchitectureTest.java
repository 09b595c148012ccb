package io.equitoken.compliance.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import io.equitoken.platform.test.ArchitectureRules;
import org.junit.jupiter.api.Test;

/**
 * The architecture as rules: the platform's generic set (features free of adapters and frameworks,
 * no other service's code, adapters independent of configuration) plus compliance's own.
 */
class ArchitectureTest {

  static final ArchitectureRules RULES =
      ArchitectureRules.forService("io.equitoken.compliance")
          .features("kyc", "document")
          .adapters("web", "messaging", "persistence", "config");

  @Test
  void shouldKeepFeaturePackagesFreeOfAdaptersAndFrameworks() {
    RULES.checkFeaturesFreeOfAdapters();
  }

  @Test
  void shouldNotImportAnyOtherServicesCode() {
    RULES.checkServiceBoundary();
  }

  @Test
  void shouldKeepAdaptersFromDependingOnConfiguration() {
    RULES.checkAdaptersIndependentOfConfiguration();
  }

  @Test
  void shouldKeepTheDocumentPackageIndependentOfTheKycFeature() {
    noClasses()
        .that()
        .resideInAPackage("io.equitoken.compliance.document..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.equitoken.compliance.kyc..")
        .check(RULES.classes());
  }

  @Test
  void shouldKeepAdaptersFromCallingEachOther() {
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.equitoken.compliance.web..", "io.equitoken.compliance.persistence..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.equitoken.compliance.messaging..")
        .check(RULES.classes());
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.equitoken.compliance.messaging..", "io.equitoken.compliance.persistence..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.equitoken.compliance.web..")
        .check(RULES.classes());
  }
}
