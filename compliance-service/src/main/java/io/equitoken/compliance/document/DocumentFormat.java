package io.equitoken.compliance.document;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The file formats accepted as evidence, recognised by their leading magic bytes. The declared
 * content type and the file name are client claims; only the bytes decide what a file is.
 */
public enum DocumentFormat {
  PDF("application/pdf", Set.of("pdf"), new byte[] {'%', 'P', 'D', 'F', '-'}),
  JPEG("image/jpeg", Set.of("jpg", "jpeg"), new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF}),
  PNG("image/png", Set.of("png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A});

  private final String contentType;
  private final Set<String> extensions;
  private final byte[] magic;

  DocumentFormat(String contentType, Set<String> extensions, byte[] magic) {
    this.contentType = contentType;
    this.extensions = extensions;
    this.magic = magic;
  }

  public String contentType() {
    return contentType;
  }

  public Set<String> extensions() {
    return extensions;
  }

  /** The format the content really has, judged by its first bytes only. */
  public static Optional<DocumentFormat> sniff(byte[] content) {
    for (DocumentFormat format : values()) {
      if (content.length >= format.magic.length
          && Arrays.equals(content, 0, format.magic.length, format.magic, 0, format.magic.length)) {
        return Optional.of(format);
      }
    }
    return Optional.empty();
  }

  /** The format a declared content type names (parameters such as charset ignored). */
  public static Optional<DocumentFormat> ofContentType(String declared) {
    if (declared == null) {
      return Optional.empty();
    }
    String bare = declared.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
    for (DocumentFormat format : values()) {
      if (format.contentType.equals(bare)) {
        return Optional.of(format);
      }
    }
    return Optional.empty();
  }

  public static String accepted() {
    return "application/pdf, image/jpeg, image/png";
  }
}
