package io.equitoken.compliance.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.compliance.document.DocumentCipher;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComplianceConfigurationTest {

  private static final String KEY = Base64.getEncoder().encodeToString(new byte[32]);

  @Test
  void shouldRefuseToStartWithoutADocumentKeyWhenOneIsRequired() {
    ComplianceProperties production = properties(null, List.of(), true);

    assertThatThrownBy(() -> new ComplianceConfiguration().documentCipher(production))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("EQUITOKEN_COMPLIANCE_DOCUMENT_KEY");
  }

  @Test
  void shouldFallBackToTheLocalOnlyKeyOnlyWhenNoKeyIsRequired() {
    DocumentCipher local =
        new ComplianceConfiguration().documentCipher(properties(" ", List.of(""), false));
    DocumentCipher localAgain =
        DocumentCipher.fromBase64Keys(ComplianceProperties.LOCAL_ONLY_DOCUMENT_KEY, List.of());

    assertThat(local.currentKeyId()).isEqualTo(localAgain.currentKeyId());
  }

  @Test
  void shouldSealWithTheConfiguredKeyAndIgnoreBlankPreviousKeys() {
    DocumentCipher cipher =
        new ComplianceConfiguration().documentCipher(properties(KEY, List.of(" "), true));

    assertThat(cipher.currentKeyId())
        .isEqualTo(DocumentCipher.fromBase64Keys(KEY, List.of()).currentKeyId());
  }

  private static ComplianceProperties properties(
      String key, List<String> previous, boolean required) {
    return new ComplianceProperties(null, null, null, null, key, previous, required, null);
  }
}
