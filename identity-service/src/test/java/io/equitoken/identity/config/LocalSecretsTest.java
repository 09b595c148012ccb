package io.equitoken.identity.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import org.junit.jupiter.api.Test;

class LocalSecretsTest {

  @Test
  void shouldUseTheConfiguredValue() {
    String configured = Base64.getEncoder().encodeToString(new byte[32]);
    assertThat(LocalSecrets.resolve(configured, LocalSecrets.LOCAL_SECRET_PEPPER, "X", false))
        .hasSize(32)
        .containsOnly(0);
  }

  @Test
  void shouldRefuseToStartWithoutAValueOutsideLocalRuns() {
    assertThatThrownBy(
            () ->
                LocalSecrets.resolve(null, LocalSecrets.LOCAL_SECRET_PEPPER, "EQUITOKEN_X", false))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("EQUITOKEN_X");
  }

  @Test
  void shouldFallBackToThePublicLocalValueOnlyWhenAllowed() {
    assertThat(LocalSecrets.resolve("", LocalSecrets.LOCAL_KEY_ENCRYPTION_KEY, "X", true))
        .isEqualTo(Base64.getDecoder().decode(LocalSecrets.LOCAL_KEY_ENCRYPTION_KEY));
  }

  @Test
  void shouldRejectAValueThatIsNotBase64() {
    assertThatThrownBy(() -> LocalSecrets.resolve("not base64!", "", "X", false))
        .isInstanceOf(IllegalStateException.class);
  }
}
