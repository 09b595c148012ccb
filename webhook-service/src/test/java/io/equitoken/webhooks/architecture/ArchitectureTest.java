package io.equitoken.webhooks.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.ArchitectureRules;
import org.junit.jupiter.api.Test;

/**
 * The architecture as rules: the platform's generic set (features free of adapters and frameworks,
 * no other service's code, adapters independent of configuration). Webhook bodies are JSON by
 * definition, so the features may use JSON trees (Jackson); they never use the HTTP client (Reactor
 * Netty) or the circuit breakers (Resilience4j), which are the {@code http} adapter's.
 */
class ArchitectureTest {

  static final ArchitectureRules RULES =
      ArchitectureRules.forService("io.equitoken.webhooks")
          .features("catalogue", "subscription", "delivery", "endpoint")
          .adapters("web", "messaging", "persistence", "http", "config")
          .featuresMayUse("tools.jackson..")
          .featuresMustNotUse("reactor.netty..", "io.github.resilience4j..");

  @Test
  void shouldKeepFeaturePackagesFreeOfAdaptersAndFrameworks() {
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
}
