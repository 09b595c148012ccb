package io.equitoken.identity.apikey;

import java.security.SecureRandom;
import java.util.Base64;

/** Fresh API key ids and secrets: both random, URL-safe, and never derived from anything else. */
public final class Credentials {

  public static final String API_KEY_PREFIX = "etk_";
  public static final String SECRET_PREFIX = "etks_";
  private static final SecureRandom RANDOM = new SecureRandom();

  private Credentials() {}

  /** 128 random bits: unguessable, yet short enough to read in logs and URLs. */
  public static String newApiKeyId() {
    return API_KEY_PREFIX + randomUrlSafe(16);
  }

  /** 256 random bits; the prefix lets secret scanners recognise a leaked secret. */
  public static String newSecret() {
    return SECRET_PREFIX + randomUrlSafe(32);
  }

  private static String randomUrlSafe(int bytes) {
    byte[] buffer = new byte[bytes];
    RANDOM.nextBytes(buffer);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(buffer);
  }
}
