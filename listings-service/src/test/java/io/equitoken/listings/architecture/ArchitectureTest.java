package io.equitoken.listings.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

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
    RULES.checkFeaturesFreeOfAdapters();
  }

  @Test
  void shouldNotImportAnyOtherServicesCode() {
    RULES.checkServiceBoundary();
  }

  @Test
  void shouldKeepAdaptersFromDependingOnEachOther() {
    RULES.checkAdaptersIndependentOfConfiguration();
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
    rule.check(RULES.classes());
  }
}
