package io.equitoken.identity.apikey;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Hashes API key secrets with HMAC-SHA256 under a server-side pepper. Secrets are 256-bit random
 * values, so a slow KDF would add no protection against guessing, only CPU cost on every token
 * request (a denial-of-service lever); the pepper means a stolen database alone cannot even confirm
 * a guess.
 */
public class SecretHasher {

  private static final String ALGORITHM = "HmacSHA256";
  private final SecretKeySpec pepper;
  private final SecretHash dummy;

  public SecretHasher(byte[] pepper) {
    if (pepper.length < 32) {
      throw new IllegalArgumentException("The secret pepper must be at least 32 bytes");
    }
    this.pepper = new SecretKeySpec(pepper.clone(), ALGORITHM);
    byte[] random = new byte[32];
    new SecureRandom().nextBytes(random);
    this.dummy = hash(new String(random, StandardCharsets.ISO_8859_1));
  }

  public SecretHash hash(String secret) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(pepper);
      return new SecretHash(mac.doFinal(secret.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HMAC-SHA256 is unavailable", e);
    }
  }

  /** Hashes the presented secret and compares it with the stored hash in constant time. */
  public boolean matches(String presented, SecretHash stored) {
    return hash(presented).matches(stored);
  }

  /**
   * Does the same work as {@link #matches} against a hash no secret produces, so that an unknown
   * API key costs as much time as a known one with a wrong secret.
   */
  public boolean matchesDummy(String presented) {
    return matches(presented, dummy);
  }
}
