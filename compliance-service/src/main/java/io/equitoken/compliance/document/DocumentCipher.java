package io.equitoken.compliance.document;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals documents with AES-256-GCM. Every document gets a fresh random 96-bit nonce; the document
 * id is bound in as associated data, so a ciphertext copied onto another row fails to open. New
 * documents use the current key; older keys stay available for reading only, which is how keys
 * rotate: deploy a new current key, keep the old one in the previous keys.
 */
public final class DocumentCipher {

  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;

  private final String currentKeyId;
  private final Map<String, SecretKey> keys;
  private final SecureRandom random = new SecureRandom();

  private DocumentCipher(String currentKeyId, Map<String, SecretKey> keys) {
    this.currentKeyId = currentKeyId;
    this.keys = Map.copyOf(keys);
  }

  /** Keys as base64 of exactly 32 bytes; the first is current, the rest decrypt only. */
  public static DocumentCipher fromBase64Keys(String currentKey, List<String> previousKeys) {
    Map<String, SecretKey> keys = new LinkedHashMap<>();
    String currentId = register(keys, currentKey);
    for (String previous : previousKeys) {
      register(keys, previous);
    }
    return new DocumentCipher(currentId, keys);
  }

  private static String register(Map<String, SecretKey> keys, String base64) {
    byte[] raw;
    try {
      raw = Base64.getDecoder().decode(base64.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("A document key is not valid base64");
    }
    if (raw.length != 32) {
      throw new IllegalArgumentException("A document key must be 32 bytes (AES-256)");
    }
    // The id is derived from the key itself, so configuration cannot pair a key with a wrong id.
    String id = "k" + Sha256.hex(raw).substring(0, 16);
    keys.put(id, new SecretKeySpec(raw, "AES"));
    return id;
  }

  public String currentKeyId() {
    return currentKeyId;
  }

  public EncryptedContent encrypt(byte[] plaintext, String documentId) {
    byte[] nonce = new byte[NONCE_BYTES];
    random.nextBytes(nonce);
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(
          Cipher.ENCRYPT_MODE, keys.get(currentKeyId), new GCMParameterSpec(TAG_BITS, nonce));
      cipher.updateAAD(associatedData(documentId));
      return new EncryptedContent(currentKeyId, nonce, cipher.doFinal(plaintext));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM is unavailable", e);
    }
  }

  /** Opens a sealed document; fails if the key is unknown or the content was tampered with. */
  public byte[] decrypt(EncryptedContent sealed, String documentId) {
    SecretKey key = keys.get(sealed.keyId());
    if (key == null) {
      throw new IllegalStateException("Document key " + sealed.keyId() + " is not configured");
    }
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, sealed.nonce()));
      cipher.updateAAD(associatedData(documentId));
      return cipher.doFinal(sealed.ciphertext());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Document could not be authenticated", e);
    }
  }

  private static byte[] associatedData(String documentId) {
    return ("equitoken-kyc-document:" + documentId).getBytes(StandardCharsets.UTF_8);
  }
}
