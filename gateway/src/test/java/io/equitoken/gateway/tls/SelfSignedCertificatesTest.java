package io.equitoken.gateway.tls;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SelfSignedCertificatesTest {

  @TempDir Path dir;

  @Test
  void shouldGenerateKeystoreAndPemForLocalhostOnFirstStart() throws Exception {
    // when
    GeneratedKeyStore store = new SelfSignedCertificates().ensure(dir.resolve("tls"));

    // then
    assertThat(store.reused()).isFalse();
    X509Certificate pem = readPem(store.certificatePem());
    assertThat(pem.getSubjectX500Principal().getName()).contains("CN=localhost");
    assertThat(pem.getSubjectAlternativeNames())
        .extracting(name -> (Object) name.get(1))
        .contains((Object) "localhost", (Object) "127.0.0.1");
    assertThat(pem.getBasicConstraints()).isEqualTo(-1);
    pem.verify(pem.getPublicKey());
    KeyStore keyStore = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store.keyStore())) {
      keyStore.load(in, store.password().toCharArray());
    }
    assertThat(keyStore.getCertificate(store.alias())).isEqualTo(pem);
    assertThat(keyStore.getKey(store.alias(), store.password().toCharArray())).isNotNull();
  }

  @Test
  void shouldReuseTheCertificateOnLaterStarts() throws Exception {
    // given
    GeneratedKeyStore first = new SelfSignedCertificates().ensure(dir);
    X509Certificate original = readPem(first.certificatePem());

    // when
    GeneratedKeyStore second = new SelfSignedCertificates().ensure(dir);

    // then
    assertThat(second.reused()).isTrue();
    assertThat(second.password()).isEqualTo(first.password());
    assertThat(readPem(second.certificatePem())).isEqualTo(original);
  }

  @Test
  void shouldRewriteTheMissingPemFromTheKeptKeystore() throws Exception {
    GeneratedKeyStore first = new SelfSignedCertificates().ensure(dir);
    X509Certificate original = readPem(first.certificatePem());
    Files.delete(first.certificatePem());

    GeneratedKeyStore second = new SelfSignedCertificates().ensure(dir);

    assertThat(second.reused()).isTrue();
    assertThat(readPem(second.certificatePem())).isEqualTo(original);
  }

  @Test
  void shouldRegenerateAnUnreadableKeystore() throws Exception {
    GeneratedKeyStore first = new SelfSignedCertificates().ensure(dir);
    X509Certificate original = readPem(first.certificatePem());
    Files.write(first.keyStore(), new byte[] {1, 2, 3});

    GeneratedKeyStore second = new SelfSignedCertificates().ensure(dir);

    assertThat(second.reused()).isFalse();
    assertThat(readPem(second.certificatePem())).isNotEqualTo(original);
  }

  @Test
  void shouldRegenerateACertificateAboutToExpire() throws Exception {
    // given a certificate generated two years ago (valid 825 days)
    Instant twoYearsAgo = Instant.now().minus(Duration.ofDays(800));
    new SelfSignedCertificates(Clock.fixed(twoYearsAgo, ZoneOffset.UTC)).ensure(dir);

    // when
    GeneratedKeyStore now = new SelfSignedCertificates().ensure(dir);

    // then
    assertThat(now.reused()).isFalse();
    assertThat(readPem(now.certificatePem()).getNotAfter().toInstant())
        .isAfter(Instant.now().plus(Duration.ofDays(365)));
  }

  private static X509Certificate readPem(Path pem) throws Exception {
    try (InputStream in = Files.newInputStream(pem)) {
      return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
    }
  }
}
