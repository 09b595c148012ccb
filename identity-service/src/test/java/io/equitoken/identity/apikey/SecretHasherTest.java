package io.equitoken.identity.apikey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.identity.support.TestSecrets;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SecretHasherTest {

  private final SecretHasher hasher = TestSecrets.hasher();

  @Test
  void shouldMatchTheSecretItHashed() {
    SecretHash stored = hasher.hash("etks_correct");
    assertThat(hasher.matches("etks_correct", stored)).isTrue();
    assertThat(hasher.matches("etks_correcT", stored)).isFalse();
    assertThat(hasher.matches("", stored)).isFalse();
  }

  @Test
  void shouldDependOnThePepperSoThatADatabaseAloneCannotConfirmAGuess() {
    SecretHasher otherPepper =
        new SecretHasher("another-pepper-another-pepper-1234".getBytes(StandardCharsets.US_ASCII));
    assertThat(otherPepper.matches("s", hasher.hash("s"))).isFalse();
  }

  @Test
  void shouldNeverStoreTheSecretItself() {
    SecretHash stored = hasher.hash("etks_visible");
    assertThat(new String(stored.bytes(), StandardCharsets.ISO_8859_1)).doesNotContain("visible");
    assertThat(stored.bytes()).hasSize(32);
    assertThat(stored.toString()).doesNotContain("etks").contains("redacted");
  }

  @Test
  void shouldNeverMatchTheDummyHash() {
    assertThat(hasher.matchesDummy("anything")).isFalse();
    assertThat(hasher.matchesDummy("")).isFalse();
  }

  @Test
  void shouldRefuseAShortPepper() {
    assertThatThrownBy(() -> new SecretHasher(new byte[16]))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
