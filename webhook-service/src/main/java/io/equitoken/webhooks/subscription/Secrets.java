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

  /** The raw HMAC key of a secret. */
  public static byte[] key(String secret) {
    return Base64.getDecoder().decode(secret.substring(PREFIX.length()));
  }
}
