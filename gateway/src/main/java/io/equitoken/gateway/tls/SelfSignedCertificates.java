package io.equitoken.gateway.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.HexFormat;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The local gateway certificate: generated on first start into a directory ({@code gateway.p12},
 * its password in {@code gateway.p12.password}, the public certificate as {@code gateway.crt} for
 * {@code curl --cacert}) and reused on later starts, so that clients which trusted it keep working.
 * It is regenerated only when missing, unreadable or about to expire.
 */
public final class SelfSignedCertificates {

  public static final String KEYSTORE_FILE = "gateway.p12";
  public static final String PASSWORD_FILE = "gateway.p12.password";
  public static final String CERTIFICATE_FILE = "gateway.crt";
  public static final String ALIAS = "gateway";

  private static final Duration VALIDITY = Duration.ofDays(825);
  private static final Duration RENEW_BEFORE = Duration.ofDays(30);

  private final Clock clock;
  private final SecureRandom random = new SecureRandom();

  public SelfSignedCertificates(Clock clock) {
    this.clock = clock;
  }

  public SelfSignedCertificates() {
    this(Clock.systemUTC());
  }

  /** Returns the keystore in {@code dir}, creating it (and the directory) when needed. */
  public synchronized GeneratedKeyStore ensure(Path dir) {
    try {
      createPrivateDirectory(dir);
      Path keyStore = dir.resolve(KEYSTORE_FILE);
      Path passwordFile = dir.resolve(PASSWORD_FILE);
      Path pem = dir.resolve(CERTIFICATE_FILE);
      X509Certificate existing = loadUsable(keyStore, passwordFile);
      if (existing != null) {
        if (!Files.isRegularFile(pem)) {
          writeAtomically(pem, toPem(existing));
        }
        return new GeneratedKeyStore(
            keyStore, Files.readString(passwordFile).trim(), ALIAS, pem, true);
      }
      String password = HexFormat.of().formatHex(randomBytes());
      KeyPair keys = newKeyPair();
      X509Certificate certificate = selfSign(keys);
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setKeyEntry(
          ALIAS, keys.getPrivate(), password.toCharArray(), new X509Certificate[] {certificate});
      byte[] storeBytes;
      try (var out = new java.io.ByteArrayOutputStream()) {
        store.store(out, password.toCharArray());
        storeBytes = out.toByteArray();
      }
      writeAtomically(passwordFile, password.getBytes(StandardCharsets.US_ASCII));
      writeAtomically(keyStore, storeBytes);
      writeAtomically(pem, toPem(certificate));
      return new GeneratedKeyStore(keyStore, password, ALIAS, pem, false);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot prepare the gateway certificate in " + dir, e);
    } catch (GeneralSecurityException | OperatorCreationException e) {
      throw new IllegalStateException("Cannot generate the gateway certificate", e);
    }
  }

  private byte[] randomBytes() {
    byte[] bytes = new byte[24];
    random.nextBytes(bytes);
    return bytes;
  }

  /** The stored certificate if it loads with its password and stays valid long enough. */
  private X509Certificate loadUsable(Path keyStore, Path passwordFile) {
    if (!Files.isRegularFile(keyStore) || !Files.isRegularFile(passwordFile)) {
      return null;
    }
    try (InputStream in = Files.newInputStream(keyStore)) {
      char[] password = Files.readString(passwordFile).trim().toCharArray();
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(in, password);
      if (store.getKey(ALIAS, password) == null
          || !(store.getCertificate(ALIAS) instanceof X509Certificate certificate)) {
        return null;
      }
      Instant renewAt = clock.instant().plus(RENEW_BEFORE);
      return certificate.getNotAfter().toInstant().isAfter(renewAt) ? certificate : null;
    } catch (IOException | GeneralSecurityException unreadable) {
      return null;
    }
  }

  private static KeyPair newKeyPair() throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"));
    return generator.generateKeyPair();
  }

  private X509Certificate selfSign(KeyPair keys)
      throws GeneralSecurityException, OperatorCreationException, IOException {
    Instant now = clock.instant();
    X500Name subject = new X500Name("CN=localhost, O=Equitoken local gateway");
    X509v3CertificateBuilder builder =
        new JcaX509v3CertificateBuilder(
            subject,
            new BigInteger(127, random),
            Date.from(now.minus(Duration.ofMinutes(5))),
            Date.from(now.plus(VALIDITY)),
            subject,
            keys.getPublic());
    builder.addExtension(
        Extension.subjectAlternativeName,
        false,
        new GeneralNames(
            new GeneralName[] {
              new GeneralName(GeneralName.dNSName, "localhost"),
              new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
              new GeneralName(GeneralName.iPAddress, "::1")
            }));
    builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
    builder.addExtension(
        Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyAgreement));
    builder.addExtension(
        Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
    return new JcaX509CertificateConverter()
        .getCertificate(
            builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(keys.getPrivate())));
  }

  static byte[] toPem(X509Certificate certificate) throws IOException {
    try {
      String body =
          Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
              .encodeToString(certificate.getEncoded());
      return ("-----BEGIN CERTIFICATE-----\n" + body + "\n-----END CERTIFICATE-----\n")
          .getBytes(StandardCharsets.US_ASCII);
    } catch (java.security.cert.CertificateEncodingException e) {
      throw new IOException(e);
    }
  }

  private static void createPrivateDirectory(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      return;
    }
    Files.createDirectories(dir);
    if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    }
  }

  /** Write to a temp file and move it in, so that a crash never leaves half a keystore. */
  private static void writeAtomically(Path target, byte[] content) throws IOException {
    Path temp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
    try (OutputStream out = Files.newOutputStream(temp)) {
      out.write(content);
    }
    try {
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
