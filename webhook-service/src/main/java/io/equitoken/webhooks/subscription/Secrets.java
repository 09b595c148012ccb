package io.equitoken.webhooks.subscription;

import java.security.SecureRandom;
import java.util.Base64;

/** Signing secrets: {@code whsec_} and the base64 of 32 random bytes (Standard Webhooks form). */
public final class Secrets {

  public static final String PREFIX = "whsec_";
  private static final int BYTES = 32;
  private static final SecureRandom RANDOM = new SecureRandom();

  private Secrets() {}

  public static String generate() {
    byte[] key = new byte[BYTES];
    RANDOM.nextBytes(key);
    return PREFIX + Base64.getEncoder().encodeToString(key);
  }

  /**
   * Whether a signature can be made with the secret: {@code whsec_} and a non-empty base64 key.
   * Every secret this service issues is; a row written outside the API (by hand, by an import) may
   * not be.
   */
  public static boolean isUsable(String secret) {
    return decode(secret) != null;
  }

  /** The raw HMAC key of a secret; refuses one that is not {@link #isUsable usable}. */
  public static byte[] key(String secret) {
    byte[] key = decode(secret);
    if (key == null) {
      throw new IllegalArgumentException("Not a whsec_ secret with a base64 key");
    }
    return key;
  }

  private static byte[] decode(String secret) {
    if (secret == null || !secret.startsWith(PREFIX)) {
      return null;
    }
    try {
      byte[] key = Base64.getDecoder().decode(secret.substring(PREFIX.length()));
      return key.length == 0 ? null : key;
    } catch (IllegalArgumentException notBase64) {
      return null;
    }
  }
}
