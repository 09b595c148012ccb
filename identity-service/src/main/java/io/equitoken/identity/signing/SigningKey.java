package io.equitoken.identity.signing;

import java.time.Instant;

/**
 * One JWT signing key pair. The newest generation signs; older ones are retired (their private half
 * erased) but stay published until {@code verifyUntil}, when every token they signed has expired.
 * The private half is stored only encrypted ({@link KeyCipher}).
 */
public record SigningKey(
    String kid,
    int generation,
    String algorithm,
    String publicJwk,
    byte[] encryptedPrivateJwk,
    Instant createdAt,
    Instant retiredAt,
    Instant verifyUntil) {

  public boolean isRetired() {
    return retiredAt != null;
  }

  public boolean isPublishedAt(Instant now) {
    return verifyUntil == null || verifyUntil.isAfter(now);
  }

  @Override
  public String toString() {
    return "SigningKey[" + kid + ", generation=" + generation + ", retiredAt=" + retiredAt + "]";
  }
}
