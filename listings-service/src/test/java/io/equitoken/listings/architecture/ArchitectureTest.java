package io.equitoken.listings.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.lang.ArchRule;
import io.equitoken.platform.test.ArchitectureRules;
import org.junit.jupiter.api.Test;

/**
 * The architecture as rules: the platform's generic set (features free of adapters and frameworks,
 * no other service's code, adapters independent of configuration) plus listings' own.
 */
class ArchitectureTest {

  static final ArchitectureRules RULES =
      ArchitectureRules.forService("io.equitoken.listings")
          .features("listing", "token", "market", "kernel")
          .adapters("web", "messaging", "persistence", "config");

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
  void shouldNeverReturnPersistenceTypesFromControllers() {
    ArchRule rule =
        classes()
            .that()
            .resideInAPackage("io.equitoken.listings.web..")
            .should()
            .onlyDependOnClassesThat()
            .resideOutsideOfPackage("io.equitoken.listings.persistence..")
            .because("controllers answer DTOs, never rows or entities");
    assertThat(RULES.evaluate(rule).getFailureReport().getDetails()).isEmpty();
  }
}
