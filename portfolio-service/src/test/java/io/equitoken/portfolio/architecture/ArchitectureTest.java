package io.equitoken.portfolio.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import io.equitoken.platform.test.ArchitectureRules;
import org.junit.jupiter.api.Test;

/** The architecture as rules: features free of adapters, no other service's code. */
class ArchitectureTest {

  private static final ArchitectureRules RULES =
      ArchitectureRules.forService("io.equitoken.portfolio")
          .features("holding", "cash", "valuation", "market")
          .adapters("web", "messaging", "persistence")
          .configurationPackage("config");

  @Test
  void shouldKeepTheServiceBoundary() {
    RULES.checkServiceBoundary();
  }

  @Test
  void shouldKeepFeaturePackagesFreeOfAdapters() {
    RULES.checkFeaturesFreeOfAdapters();
  }

  @Test
  void shouldKeepAdaptersFromDependingOnConfiguration() {
    RULES.checkAdaptersIndependentOfConfiguration();
  }

  @Test
  void shouldNeverReturnPersistenceTypesFromControllers() {
    classes()
        .that()
        .resideInAPackage("io.equitoken.portfolio.web..")
        .should()
        .onlyDependOnClassesThat()
        .resideOutsideOfPackage("io.equitoken.portfolio.persistence..")
        .because("controllers answer DTOs, never rows or entities")
        .check(RULES.classes());
  }
}
