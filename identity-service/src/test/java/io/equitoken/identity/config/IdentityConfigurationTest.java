package io.equitoken.identity.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.identity.support.IdentityIntegrationTest;
import io.equitoken.platform.web.security.ConfiguredKey;
import org.junit.jupiter.api.Test;

/** No built-in key-encryption key or pepper; without them the service stops. */
class IdentityConfigurationTest {

  private final IdentityConfiguration configuration = new IdentityConfiguration();

  @Test
  void shouldRefuseToStartWithoutAKeyEncryptionKeyOrPepperNamingTheVariable() {
    IdentityProperties unset = properties(null, " ");

    assertThatThrownBy(() -> configuration.keyCipher(unset))
        .isInstanceOf(ConfiguredKey.Refused.class)
        .hasMessageContaining("EQUITOKEN_IDENTITY_KEY_ENCRYPTION_KEY: it is not set");
    assertThatThrownBy(() -> configuration.secretHasher(unset))
        .isInstanceOf(ConfiguredKey.Refused.class)
        .hasMessageContaining("EQUITOKEN_IDENTITY_SECRET_PEPPER: it is not set");
  }

  @Test
  void shouldRefuseAKeyThatIsNotBase64() {
    assertThatThrownBy(() -> configuration.keyCipher(properties("not base64!", null)))
        .isInstanceOf(ConfiguredKey.Refused.class)
        .hasMessageContaining("EQUITOKEN_IDENTITY_KEY_ENCRYPTION_KEY: it is not valid base64");
  }

  @Test
  void shouldUseTheConfiguredKeys() {
    IdentityProperties configured =
        properties(IdentityIntegrationTest.KEK, IdentityIntegrationTest.PEPPER);

    assertThat(configuration.keyCipher(configured)).isNotNull();
    assertThat(configuration.secretHasher(configured)).isNotNull();
  }

  private static IdentityProperties properties(String keyEncryptionKey, String pepper) {
    return new IdentityProperties(null, keyEncryptionKey, pepper, null, null, null, null, null);
  }
}
