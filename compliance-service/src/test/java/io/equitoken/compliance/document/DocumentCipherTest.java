package io.equitoken.compliance.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class DocumentCipherTest {

  private static final String KEY_A = randomKey();
  private static final String KEY_B = randomKey();

  @Property(tries = 50)
  void shouldReturnThePlaintextAfterSealingAndOpening(@ForAll @Size(max = 4096) byte[] content) {
    DocumentCipher cipher = DocumentCipher.fromBase64Keys(KEY_A, List.of());

    EncryptedContent sealed = cipher.encrypt(content, "doc-1");

    assertThat(cipher.decrypt(sealed, "doc-1")).isEqualTo(content);
    assertThat(sealed.ciphertext()).hasSize(content.length + 16);
  }

  @Test
  void shouldUseAFreshNonceForEveryDocument() {
    DocumentCipher cipher = DocumentCipher.fromBase64Keys(KEY_A, List.of());
    byte[] content = "same content".getBytes();

    EncryptedContent first = cipher.encrypt(content, "doc");
    EncryptedContent second = cipher.encrypt(content, "doc");

    assertThat(first.nonce()).hasSize(12).isNotEqualTo(second.nonce());
    assertThat(first.ciphertext()).isNotEqualTo(second.ciphertext());
  }

  @Test
  void shouldRefuseToOpenADocumentMovedToAnotherRow() {
    DocumentCipher cipher = DocumentCipher.fromBase64Keys(KEY_A, List.of());
    EncryptedContent sealed = cipher.encrypt("passport".getBytes(), "doc-1");

    assertThatThrownBy(() -> cipher.decrypt(sealed, "doc-2"))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void shouldRefuseTamperedCiphertext() {
    DocumentCipher cipher = DocumentCipher.fromBase64Keys(KEY_A, List.of());
    EncryptedContent sealed = cipher.encrypt("passport".getBytes(), "doc-1");
    byte[] tampered = sealed.ciphertext();
    tampered[0] ^= 1;

    assertThatThrownBy(
            () ->
                cipher.decrypt(
                    new EncryptedContent(sealed.keyId(), sealed.nonce(), tampered), "doc-1"))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void shouldOpenDocumentsSealedWithAPreviousKeyAfterRotation() {
    DocumentCipher before = DocumentCipher.fromBase64Keys(KEY_A, List.of());
    EncryptedContent old = before.encrypt("old".getBytes(), "doc-1");

    DocumentCipher after = DocumentCipher.fromBase64Keys(KEY_B, List.of(KEY_A));

    assertThat(after.decrypt(old, "doc-1")).isEqualTo("old".getBytes());
    assertThat(after.encrypt("new".getBytes(), "doc-2").keyId())
        .isEqualTo(after.currentKeyId())
        .isNotEqualTo(old.keyId());
  }

  @Test
  void shouldRejectKeysThatAreNotThirtyTwoBytes() {
    String shortKey = Base64.getEncoder().encodeToString(new byte[16]);

    assertThatThrownBy(() -> DocumentCipher.fromBase64Keys(shortKey, List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("32 bytes");
  }

  private static String randomKey() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return Base64.getEncoder().encodeToString(key);
  }
}
