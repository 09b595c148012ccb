package io.equitoken.gateway.tls;

/**
 * How the gateway gets its TLS identity. There is deliberately no mode in which it serves plain
 * HTTP by default: without a certificate it refuses to start.
 */
public enum TlsMode {
  /** A keystore is mounted ({@code SERVER_SSL_KEY_STORE}, e.g. a Kubernetes secret). */
  MOUNTED,
  /** Local runs: a self-signed certificate generated once into a directory and reused. */
  SELF_SIGNED,
  /** Test-only: plain HTTP, allowed only by an explicit flag. */
  PLAIN_FOR_TESTS_ONLY;

  /**
   * Decides the mode from what is configured, in that order of preference.
   *
   * @throws IllegalStateException when nothing provides TLS and plain HTTP was not explicitly
   *     allowed
   */
  public static TlsMode decide(
      boolean keyStoreConfigured, String selfSignedDir, boolean plainHttpAllowedForTests) {
    if (keyStoreConfigured) {
      return MOUNTED;
    }
    if (selfSignedDir != null && !selfSignedDir.isBlank()) {
      return SELF_SIGNED;
    }
    if (plainHttpAllowedForTests) {
      return PLAIN_FOR_TESTS_ONLY;
    }
    throw new IllegalStateException(
        "The gateway serves HTTPS only and no certificate is configured: mount a PKCS12 keystore"
            + " (SERVER_SSL_KEY_STORE, SERVER_SSL_KEY_STORE_PASSWORD) or set"
            + " EQUITOKEN_GATEWAY_TLS_SELF_SIGNED_DIR for a generated local certificate.");
  }
}
