package io.equitoken.identity.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.identity.support.TestSecrets;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class KeyCipherTest {

  private final KeyCipher cipher = new KeyCipher(TestSecrets.KEK);

  @Test
  void shouldDecryptWhatItEncrypted() {
    byte[] sealed = cipher.encrypt("{\"d\":\"private\"}", "kid-1");
    assertThat(new String(sealed, StandardCharsets.ISO_8859_1)).doesNotContain("private");
    assertThat(cipher.decrypt(sealed, "kid-1")).isEqualTo("{\"d\":\"private\"}");
  }

  @Test
  void shouldUseAFreshNonceEveryTime() {
    assertThat(cipher.encrypt("same", "kid")).isNotEqualTo(cipher.encrypt("same", "kid"));
  }

  @Test
  void shouldRefuseACiphertextMovedToAnotherKid() {
    byte[] sealed = cipher.encrypt("secret", "kid-1");
    assertThatThrownBy(() -> cipher.decrypt(sealed, "kid-2"))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void shouldRefuseDecryptionUnderAnotherKeyEncryptionKey() {
    byte[] sealed = cipher.encrypt("secret", "kid-1");
    KeyCipher other =
        new KeyCipher("fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.US_ASCII));
    assertThatThrownBy(() -> other.decrypt(sealed, "kid-1"))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void shouldRequireAnAes256Key() {
    assertThatThrownBy(() -> new KeyCipher(new byte[16]))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
