package io.equitoken.platform.core;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals short secrets (signing secrets, private keys) for storage with AES-256-GCM under a
 * key-encryption key from configuration, never from the database. Every value gets a fresh random
 * 96-bit nonce; a caller-chosen context (e.g. table, column and row id) is bound in as associated
 * data, so a sealed value copied onto another row or column fails to open.
 *
 * <p>Text form: {@code sealed:v1:<keyId>:<base64(nonce ‖ ciphertext ‖ tag)>}. The key id is {@code
 * k} and 16 hex digits of the key's SHA-256, derived from the key itself, so a value sealed under
 * another key is recognised as such ({@link #keyIdOf}) before any decryption is tried.
 */
public final class SealedSecret {

  /** How every sealed value begins. */
  public static final String PREFIX = "sealed:v1:";

  private static final int KEY_BYTES = 32;
  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final SecretKeySpec key;
  private final String keyId;

  private SealedSecret(byte[] raw) {
    this.key = new SecretKeySpec(raw, "AES");
    this.keyId = keyId(raw);
  }

  /**
   * A sealer under the key given as base64 of exactly 32 bytes; {@code name} (e.g. the environment
   * variable) is named in the error when it is not.
   */
  public static SealedSecret fromBase64Key(String base64, String name) {
    if (base64 == null || base64.isBlank()) {
      throw new IllegalArgumentException(name + " is not set");
    }
    byte[] raw;
    try {
      raw = Base64.getDecoder().decode(base64.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(name + " is not valid base64");
    }
    if (raw.length != KEY_BYTES) {
      throw new IllegalArgumentException(
          name + " must be base64 of 32 bytes (AES-256), not " + raw.length + " bytes");
    }
    return new SealedSecret(raw);
  }

  /** The id of this sealer's key: {@code k} and 16 hex digits of its SHA-256. */
  public String keyId() {
    return keyId;
  }

  /** Whether a stored value is in the sealed form (rather than, e.g., legacy plain text). */
  public static boolean isSealed(String value) {
    return value != null && value.startsWith(PREFIX);
  }

  /** The key id a sealed value names; null if the value is not sealed. */
  public static String keyIdOf(String value) {
    if (!isSealed(value)) {
      return null;
    }
    int end = value.indexOf(':', PREFIX.length());
    return end < 0 ? null : value.substring(PREFIX.length(), end);
  }

  public String seal(String plaintext, String context) {
    byte[] nonce = new byte[NONCE_BYTES];
    RANDOM.nextBytes(nonce);
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
      cipher.updateAAD(context.getBytes(StandardCharsets.UTF_8));
      byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
      byte[] blob = ByteBuffer.allocate(NONCE_BYTES + sealed.length).put(nonce).put(sealed).array();
      return PREFIX + keyId + ":" + Base64.getEncoder().encodeToString(blob);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM is unavailable", e);
    }
  }

  /**
   * Opens a sealed value under the same context it was sealed with.
   *
   * @throws IllegalStateException if it was sealed under another key, is malformed, or was tampered
   *     with or moved to another context
   */
  public String open(String sealed, String context) {
    String id = keyIdOf(sealed);
    if (id == null) {
      throw new IllegalStateException("Not a sealed value");
    }
    if (!id.equals(keyId)) {
      throw new IllegalStateException(
          "Sealed under key " + id + ", but the configured key is " + keyId);
    }
    byte[] blob;
    try {
      blob = Base64.getDecoder().decode(sealed.substring(PREFIX.length() + id.length() + 1));
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException("A sealed value is not valid base64", e);
    }
    if (blob.length < NONCE_BYTES + TAG_BITS / 8) {
      throw new IllegalStateException("A sealed value is too short");
    }
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, blob, 0, NONCE_BYTES));
      cipher.updateAAD(context.getBytes(StandardCharsets.UTF_8));
      byte[] plain = cipher.doFinal(blob, NONCE_BYTES, blob.length - NONCE_BYTES);
      return new String(plain, StandardCharsets.UTF_8);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(
          "A sealed value could not be authenticated (tampered with or moved)", e);
    }
  }

  private static String keyId(byte[] raw) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(raw);
      return "k" + HexFormat.of().formatHex(digest).substring(0, 16);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is unavailable", e);
    }
  }
}
