package io.equitoken.identity.signing;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-256-GCM for private keys at rest, under a key-encryption key from configuration (never from
 * the database). The kid is bound in as associated data, so a ciphertext copied onto another row
 * does not decrypt. Layout: 12-byte nonce followed by ciphertext and tag.
 */
public final class KeyCipher {

  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;
  private static final SecureRandom RANDOM = new SecureRandom();
  private final SecretKeySpec key;

  public KeyCipher(byte[] keyEncryptionKey) {
    if (keyEncryptionKey.length != 32) {
      throw new IllegalArgumentException("The key-encryption key must be 32 bytes (AES-256)");
    }
    this.key = new SecretKeySpec(keyEncryptionKey.clone(), "AES");
  }

  public byte[] encrypt(String plaintext, String associatedData) {
    try {
      byte[] nonce = new byte[NONCE_BYTES];
      RANDOM.nextBytes(nonce);
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
      cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
      byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
      return ByteBuffer.allocate(NONCE_BYTES + sealed.length).put(nonce).put(sealed).array();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Cannot encrypt a private key", e);
    }
  }

  public String decrypt(byte[] blob, String associatedData) {
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, blob, 0, NONCE_BYTES));
      cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
      byte[] plain = cipher.doFinal(blob, NONCE_BYTES, blob.length - NONCE_BYTES);
      return new String(plain, StandardCharsets.UTF_8);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(
          "Cannot decrypt a signing key: wrong key-encryption key or tampered row", e);
    }
  }
}
