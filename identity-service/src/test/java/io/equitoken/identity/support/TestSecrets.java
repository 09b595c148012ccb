package io.equitoken.identity.support;

import io.equitoken.identity.apikey.SecretHasher;
import java.nio.charset.StandardCharsets;

/** Fixed test-only key material. */
public final class TestSecrets {

  public static final byte[] PEPPER =
      "test-pepper-test-pepper-test-pepper!".getBytes(StandardCharsets.US_ASCII);
  public static final byte[] KEK =
      "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  private TestSecrets() {}

  public static SecretHasher hasher() {
    return new SecretHasher(PEPPER);
  }
}
