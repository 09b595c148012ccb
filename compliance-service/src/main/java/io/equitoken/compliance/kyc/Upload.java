package io.equitoken.compliance.kyc;

/** One {@code documents} part as received: the client's claims (name, type) and the bytes. */
public record Upload(String filename, String declaredContentType, byte[] content) {

  @Override
  public String toString() {
    return "Upload[declared=" + declaredContentType + ", bytes=" + content.length + "]";
  }
}
