package io.equitoken.portfolio.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.lang.ArchRule;
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
    assertThat(RULES.serviceBoundary().getFailureReport().getDetails()).isEmpty();
  }

  @Test
  void shouldKeepFeaturePackagesFreeOfAdapters() {
    assertThat(RULES.featuresFreeOfAdapters().getFailureReport().getDetails()).isEmpty();
  }

  @Test
  void shouldKeepAdaptersFromDependingOnConfiguration() {
    assertThat(RULES.adaptersIndependentOfConfiguration().getFailureReport().getDetails())
        .isEmpty();
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
    assertThat(RULES.evaluate(rule).getFailureReport().getDetails()).isEmpty();
  }
}
