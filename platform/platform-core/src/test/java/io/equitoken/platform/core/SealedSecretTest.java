package io.equitoken.platform.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import org.junit.jupiter.api.Test;

class SealedSecretTest {

  private static final String KEY = Base64.getEncoder().encodeToString(new byte[32]);
  private static final String OTHER_KEY;

  static {
    byte[] other = new byte[32];
    other[0] = 1;
    OTHER_KEY = Base64.getEncoder().encodeToString(other);
  }

  private final SealedSecret sealer = SealedSecret.fromBase64Key(KEY, "THE_KEY");

  @Test
  void shouldOpenWhatItSealedAndNeverShowThePlaintext() {
    String sealed = sealer.seal("whsec_c2VjcmV0", "subscription:1:secret");

    assertThat(sealed).startsWith(SealedSecret.PREFIX + sealer.keyId() + ":");
    assertThat(sealed).doesNotContain("whsec_").doesNotContain("c2VjcmV0");
    assertThat(SealedSecret.isSealed(sealed)).isTrue();
    assertThat(SealedSecret.keyIdOf(sealed)).isEqualTo(sealer.keyId());
    assertThat(sealer.open(sealed, "subscription:1:secret")).isEqualTo("whsec_c2VjcmV0");
    assertThat(sealer.seal("whsec_c2VjcmV0", "subscription:1:secret")).isNotEqualTo(sealed);
  }

  @Test
  void shouldRefuseAnotherContextATamperedValueAndAnotherKey() {
    String sealed = sealer.seal("whsec_c2VjcmV0", "subscription:1:secret");

    assertThatThrownBy(() -> sealer.open(sealed, "subscription:2:secret"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("authenticated");
    char last = sealed.charAt(sealed.length() - 3);
    String tampered =
        sealed.substring(0, sealed.length() - 3)
            + (last == 'A' ? 'B' : 'A')
            + sealed.substring(sealed.length() - 2);
    assertThatThrownBy(() -> sealer.open(tampered, "subscription:1:secret"))
        .isInstanceOf(IllegalStateException.class);
    SealedSecret other = SealedSecret.fromBase64Key(OTHER_KEY, "THE_KEY");
    assertThatThrownBy(() -> other.open(sealed, "subscription:1:secret"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(sealer.keyId())
        .hasMessageContaining(other.keyId());
    assertThat(SealedSecret.isSealed("whsec_c2VjcmV0")).isFalse();
    assertThat(SealedSecret.keyIdOf("whsec_c2VjcmV0")).isNull();
  }

  @Test
  void shouldNameTheSettingOfABadKey() {
    assertThatThrownBy(() -> SealedSecret.fromBase64Key("", "THE_KEY"))
        .hasMessageContaining("THE_KEY is not set");
    assertThatThrownBy(() -> SealedSecret.fromBase64Key("not base64!", "THE_KEY"))
        .hasMessageContaining("THE_KEY is not valid base64");
    assertThatThrownBy(() -> SealedSecret.fromBase64Key("c2hvcnQ=", "THE_KEY"))
        .hasMessageContaining("THE_KEY must be base64 of 32 bytes");
  }
}
