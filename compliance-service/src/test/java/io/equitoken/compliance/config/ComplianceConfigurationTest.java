package io.equitoken.compliance.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.compliance.document.DocumentCipher;
import io.equitoken.platform.web.security.ConfiguredKey;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComplianceConfigurationTest {

  private static final String KEY = Base64.getEncoder().encodeToString(new byte[32]);

  /** There is no built-in document key to fall back to. */
  @Test
  void shouldRefuseToStartWithoutADocumentKey() {
    for (String unset : new String[] {null, " "}) {
      assertThatThrownBy(
              () -> new ComplianceConfiguration().documentCipher(properties(unset, List.of())))
          .isInstanceOf(ConfiguredKey.Refused.class)
          .hasMessageContaining("EQUITOKEN_COMPLIANCE_DOCUMENT_KEY: it is not set");
    }
  }

  @Test
  void shouldRefuseADocumentKeyOfTheWrongLength() {
    String shortKey = Base64.getEncoder().encodeToString(new byte[16]);

    assertThatThrownBy(
            () -> new ComplianceConfiguration().documentCipher(properties(shortKey, List.of())))
        .isInstanceOf(ConfiguredKey.Refused.class)
        .hasMessageContaining("EQUITOKEN_COMPLIANCE_DOCUMENT_KEY: A document key must be 32 bytes");
  }

  @Test
  void shouldSealWithTheConfiguredKeyAndIgnoreBlankPreviousKeys() {
    DocumentCipher cipher =
        new ComplianceConfiguration().documentCipher(properties(KEY, List.of(" ")));

    assertThat(cipher.currentKeyId())
        .isEqualTo(DocumentCipher.fromBase64Keys(KEY, List.of()).currentKeyId());
  }

  private static ComplianceProperties properties(String key, List<String> previous) {
    return new ComplianceProperties(null, null, null, null, key, previous, null);
  }
}
