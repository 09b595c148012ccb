package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The launcher ignored the caller's bootstrap pair. */
class BootstrapCredentialsTest {

  @Test
  void shouldHonourTheCallersBootstrapPairAndNeverPrintItsSecret() {
    var credentials =
        BootstrapCredentials.from(
            Map.of(
                "EQUITOKEN_BOOTSTRAP_API_KEY", "my-operator",
                "EQUITOKEN_BOOTSTRAP_SECRET", "a-long-secret-of-my-own"));

    assertThat(credentials.apiKey()).isEqualTo("my-operator");
    assertThat(credentials.secret()).isEqualTo("a-long-secret-of-my-own");
    assertThat(credentials.secretForBanner()).isEqualTo("$EQUITOKEN_BOOTSTRAP_SECRET");
    assertThat(credentials.toString()).doesNotContain("a-long-secret-of-my-own");
  }

  @Test
  void shouldFallBackToTheDemoPairUnlessBothAreSet() {
    assertThat(BootstrapCredentials.from(Map.of()).apiKey()).isEqualTo("demo-operator");
    assertThat(
            BootstrapCredentials.from(Map.of("EQUITOKEN_BOOTSTRAP_API_KEY", "half"))
                .fromEnvironment())
        .isFalse();
  }
}
