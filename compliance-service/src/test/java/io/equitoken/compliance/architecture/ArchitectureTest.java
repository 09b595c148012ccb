package io.equitoken.compliance.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.lang.ArchRule;
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
    assertThat(RULES.featuresFreeOfAdapters().getFailureReport().getDetails()).isEmpty();
  }

  @Test
  void shouldNotImportAnyOtherServicesCode() {
    assertThat(RULES.serviceBoundary().getFailureReport().getDetails()).isEmpty();
  }

  @Test
  void shouldKeepAdaptersFromDependingOnConfiguration() {
    assertThat(RULES.adaptersIndependentOfConfiguration().getFailureReport().getDetails())
        .isEmpty();
  }

  @Test
  void shouldKeepTheDocumentPackageIndependentOfTheKycFeature() {
    ArchRule rule =
        noClasses()
            .that()
            .resideInAPackage("io.equitoken.compliance.document..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.equitoken.compliance.kyc..");
    assertThat(RULES.evaluate(rule).getFailureReport().getDetails()).isEmpty();
  }

  @Test
  void shouldKeepAdaptersFromCallingEachOther() {
    ArchRule intoMessaging =
        noClasses()
            .that()
            .resideInAnyPackage(
                "io.equitoken.compliance.web..", "io.equitoken.compliance.persistence..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.equitoken.compliance.messaging..");
    assertThat(RULES.evaluate(intoMessaging).getFailureReport().getDetails()).isEmpty();
    ArchRule intoWeb =
        noClasses()
            .that()
            .resideInAnyPackage(
                "io.equitoken.compliance.messaging..", "io.equitoken.compliance.persistence..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.equitoken.compliance.web..");
    assertThat(RULES.evaluate(intoWeb).getFailureReport().getDetails()).isEmpty();
  }
}
