package io.equitoken.compliance;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

class ArchitectureTest {

  private static final JavaClasses CLASSES =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.equitoken.compliance");

  @Test
  void shouldKeepFeaturePackagesFreeOfSpringAndAdapters() {
    noClasses()
        .that()
        .resideInAnyPackage("io.equitoken.compliance.kyc..", "io.equitoken.compliance.document..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.springframework..",
            "io.r2dbc..",
            "org.apache.kafka..",
            "jakarta.servlet..",
            "io.equitoken.platform.web..",
            "io.equitoken.platform.events..",
            "io.equitoken.compliance.web..",
            "io.equitoken.compliance.messaging..",
            "io.equitoken.compliance.persistence..",
            "io.equitoken.compliance.config..")
        .because("the domain decides and adapters translate; the domain knows no framework")
        .check(CLASSES);
  }

  @Test
  void shouldKeepTheDocumentPackageIndependentOfTheKycFeature() {
    noClasses()
        .that()
        .resideInAPackage("io.equitoken.compliance.document..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.equitoken.compliance.kyc..")
        .check(CLASSES);
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
        .check(CLASSES);
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.equitoken.compliance.messaging..", "io.equitoken.compliance.persistence..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.equitoken.compliance.web..")
        .check(CLASSES);
  }

  @Test
  void shouldImportNoOtherServicesCode() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.equitoken.identity..",
            "io.equitoken.listings..",
            "io.equitoken.portfolio..",
            "io.equitoken.trading..",
            "io.equitoken.webhooks..",
            "io.equitoken.gateway..")
        .because("services share no domain code; they talk through Kafka topics")
        .check(CLASSES);
  }
}
