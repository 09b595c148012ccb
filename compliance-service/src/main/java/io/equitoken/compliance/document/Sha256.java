package io.equitoken.compliance.document;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Hex SHA-256 of document plaintext: lets officers and auditors prove which file was reviewed. */
public final class Sha256 {

  private Sha256() {}

  public static String hex(byte[] content) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every JVM provides SHA-256", e);
    }
  }
}
