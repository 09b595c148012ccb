package io.equitoken.identity.apikey;

import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * The stored form of an API key secret. Equality is constant-time so that no code path can leak,
 * through timing, how many leading bytes of a guess were right.
 */
public record SecretHash(byte[] bytes) {

  public SecretHash {
    bytes = bytes.clone();
  }

  @Override
  public byte[] bytes() {
    return bytes.clone();
  }

  public boolean matches(SecretHash other) {
    return MessageDigest.isEqual(bytes, other.bytes);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SecretHash other && matches(other);
  }

  @Override
  public int hashCode() {
    return bytes.length;
  }

  /** Never prints the hash: log lines and exception messages must not carry credential material. */
  @Override
  public String toString() {
    return "SecretHash[redacted]";
  }

  public static SecretHash fromHex(String hex) {
    return new SecretHash(HexFormat.of().parseHex(hex));
  }
}
