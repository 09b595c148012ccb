package io.equitoken.webhooks.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.core.SealedSecret;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SecretColumnsTest {

  private final SecretColumns columns = new SecretColumns(sealer());

  @Test
  void shouldDecryptAStoredValueOnceHoweverOftenItIsRead() {
    UUID subscription = UUID.randomUUID();
    String stored = columns.seal(subscription, SecretColumns.SECRET, "whsec_c2VjcmV0");

    for (int i = 0; i < 5; i++) {
      assertThat(columns.open(subscription, SecretColumns.SECRET, stored))
          .isEqualTo("whsec_c2VjcmV0");
    }

    assertThat(columns.decryptions()).isEqualTo(1);
  }

  @Test
  void shouldStillRefuseAValueMovedToAnotherRowOrColumnAfterOpeningItWhereItBelongs() {
    UUID subscription = UUID.randomUUID();
    String stored = columns.seal(subscription, SecretColumns.PREVIOUS_SECRET, "whsec_b2xk");
    assertThat(columns.open(subscription, SecretColumns.PREVIOUS_SECRET, stored))
        .isEqualTo("whsec_b2xk");

    assertThatThrownBy(() -> columns.open(subscription, SecretColumns.SECRET, stored))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> columns.open(UUID.randomUUID(), SecretColumns.PREVIOUS_SECRET, stored))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void shouldOpenARotatedSecretAsTheNewValueItIs() {
    UUID subscription = UUID.randomUUID();
    String first = columns.seal(subscription, SecretColumns.SECRET, "whsec_Zmlyc3Q=");
    String second = columns.seal(subscription, SecretColumns.SECRET, "whsec_c2Vjb25k");

    assertThat(columns.open(subscription, SecretColumns.SECRET, first)).isEqualTo("whsec_Zmlyc3Q=");
    assertThat(columns.open(subscription, SecretColumns.SECRET, second))
        .isEqualTo("whsec_c2Vjb25k");
    assertThat(columns.decryptions()).isEqualTo(2);
  }

  @Test
  void shouldKeepABoundedNumberOfOpenedValues() {
    for (int i = 0; i < SecretColumns.MAX_OPENED + 10; i++) {
      UUID subscription = UUID.randomUUID();
      columns.open(
          subscription,
          SecretColumns.SECRET,
          columns.seal(subscription, SecretColumns.SECRET, "whsec_" + i));
    }

    assertThat(columns.kept()).isEqualTo(SecretColumns.MAX_OPENED);
  }

  @Test
  void shouldReadAPlainLegacyValueAsItIs() {
    assertThat(columns.open(UUID.randomUUID(), SecretColumns.SECRET, "whsec_cGxhaW4="))
        .isEqualTo("whsec_cGxhaW4=");
    assertThat(columns.open(UUID.randomUUID(), SecretColumns.SECRET, null)).isNull();
    assertThat(columns.decryptions()).isZero();
  }

  private static SealedSecret sealer() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return SealedSecret.fromBase64Key(Base64.getEncoder().encodeToString(key), "TEST_KEY");
  }
}
