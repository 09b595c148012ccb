package io.equitoken.platform.test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** TLS clients for tests: an {@link SSLContext} that trusts exactly the given certificate(s). */
public final class TestTls {

  private TestTls() {}

  /** Reads every certificate of a PEM file. */
  public static List<X509Certificate> readPem(Path pem) {
    try {
      return readPem(Files.readString(pem));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads every certificate of PEM text. */
  public static List<X509Certificate> readPem(String pem) {
    try {
      Collection<? extends Certificate> certificates =
          CertificateFactory.getInstance("X.509")
              .generateCertificates(
                  new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
      return certificates.stream().map(X509Certificate.class::cast).toList();
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("not a PEM certificate", e);
    }
  }

  /**
   * An SSLContext trusting only the certificates in the PEM file (e.g. a generated gateway cert).
   */
  public static SSLContext trustingPem(Path pem) {
    return trusting(readPem(pem));
  }

  /** An SSLContext trusting only the given certificates. */
  public static SSLContext trusting(List<X509Certificate> certificates) {
    try {
      KeyStore trust = KeyStore.getInstance("PKCS12");
      trust.load(null, null);
      for (int i = 0; i < certificates.size(); i++) {
        trust.setCertificateEntry("trusted-" + i, certificates.get(i));
      }
      TrustManagerFactory factory =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      factory.init(trust);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, factory.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalStateException("cannot build a trust store", e);
    }
  }

  public static SSLContext trusting(X509Certificate certificate) {
    return trusting(List.of(certificate));
  }
}
