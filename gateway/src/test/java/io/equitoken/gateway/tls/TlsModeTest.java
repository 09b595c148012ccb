package io.equitoken.gateway.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TlsModeTest {

  @Test
  void shouldPreferAMountedKeystoreOverEverythingElse() {
    assertThat(TlsMode.decide(true, "/tmp/tls", true)).isEqualTo(TlsMode.MOUNTED);
  }

  @Test
  void shouldGenerateASelfSignedCertificateWhenOnlyTheDirectoryIsSet() {
    assertThat(TlsMode.decide(false, "/tmp/tls", false)).isEqualTo(TlsMode.SELF_SIGNED);
  }

  @Test
  void shouldServePlainHttpOnlyWithTheExplicitTestFlag() {
    assertThat(TlsMode.decide(false, " ", true)).isEqualTo(TlsMode.PLAIN_FOR_TESTS_ONLY);
  }

  @Test
  void shouldRefuseToStartWithoutAnyCertificate() {
    assertThatThrownBy(() -> TlsMode.decide(false, null, false))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("SERVER_SSL_KEY_STORE")
        .hasMessageContaining("EQUITOKEN_GATEWAY_TLS_SELF_SIGNED_DIR");
  }
}
