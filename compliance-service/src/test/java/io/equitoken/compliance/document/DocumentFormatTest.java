package io.equitoken.compliance.document;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DocumentFormatTest {

  @Test
  void shouldRecogniseEachAcceptedFormatByItsMagicBytes() {
    assertThat(DocumentFormat.sniff("%PDF-1.7 rest".getBytes(StandardCharsets.US_ASCII)))
        .contains(DocumentFormat.PDF);
    assertThat(DocumentFormat.sniff(new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, 0x00}))
        .contains(DocumentFormat.JPEG);
    assertThat(
            DocumentFormat.sniff(
                new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0}))
        .contains(DocumentFormat.PNG);
  }

  @Test
  void shouldRecogniseNothingWhenTheBytesAreAnotherFormatOrTruncated() {
    assertThat(DocumentFormat.sniff("MZ\u0090\u0000 an exe".getBytes(StandardCharsets.ISO_8859_1)))
        .isEmpty();
    assertThat(DocumentFormat.sniff("%PDF".getBytes(StandardCharsets.US_ASCII))).isEmpty();
    assertThat(DocumentFormat.sniff(new byte[0])).isEmpty();
  }

  @Test
  void shouldMapDeclaredContentTypesIgnoringCaseAndParameters() {
    assertThat(DocumentFormat.ofContentType("Application/PDF; charset=binary"))
        .contains(DocumentFormat.PDF);
    assertThat(DocumentFormat.ofContentType("image/gif")).isEmpty();
    assertThat(DocumentFormat.ofContentType(null)).isEmpty();
  }
}
