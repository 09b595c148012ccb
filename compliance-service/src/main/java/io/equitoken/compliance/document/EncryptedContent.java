package io.equitoken.compliance.document;

/**
 * A document as stored: the id of the key that sealed it (so keys can rotate), the 96-bit GCM
 * nonce, and the ciphertext with its 128-bit authentication tag appended.
 */
public record EncryptedContent(String keyId, byte[] nonce, byte[] ciphertext) {

  public EncryptedContent {
    nonce = nonce.clone();
    ciphertext = ciphertext.clone();
  }

  @Override
  public byte[] nonce() {
    return nonce.clone();
  }

  @Override
  public byte[] ciphertext() {
    return ciphertext.clone();
  }

  @Override
  public String toString() {
    return "EncryptedContent[keyId=" + keyId + ", bytes=" + ciphertext.length + "]";
  }
}
