package io.equitoken.compliance.config;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/** Small, genuinely valid PDF and PNG files for demo submissions, generated rather than shipped. */
final class DemoDocuments {

  private DemoDocuments() {}

  /** A one-page PDF whose text says what it is. */
  static byte[] pdf(String title) {
    String text = "BT /F1 14 Tf 72 720 Td (" + title.replaceAll("[()\\\\]", "") + ") Tj ET";
    String[] objects = {
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
          + " /Resources << /Font << /F1 5 0 R >> >> >>",
      "<< /Length " + text.length() + " >>\nstream\n" + text + "\nendstream",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
    };
    StringBuilder pdf = new StringBuilder("%PDF-1.4\n");
    int[] offsets = new int[objects.length];
    for (int i = 0; i < objects.length; i++) {
      offsets[i] = pdf.length();
      pdf.append(i + 1).append(" 0 obj\n").append(objects[i]).append("\nendobj\n");
    }
    int xref = pdf.length();
    pdf.append("xref\n0 ").append(objects.length + 1).append("\n0000000000 65535 f \n");
    for (int offset : offsets) {
      pdf.append(String.format("%010d 00000 n \n", offset));
    }
    pdf.append("trailer\n<< /Size ")
        .append(objects.length + 1)
        .append(" /Root 1 0 R >>\nstartxref\n")
        .append(xref)
        .append("\n%%EOF\n");
    return pdf.toString().getBytes(StandardCharsets.US_ASCII);
  }

  /** A small grey PNG (8-bit greyscale), standing in for a photographed document. */
  static byte[] png(int width, int height) {
    byte[] raw = new byte[(width + 1) * height];
    for (int y = 0; y < height; y++) {
      raw[y * (width + 1)] = 0; // filter: none
      for (int x = 0; x < width; x++) {
        raw[y * (width + 1) + 1 + x] = (byte) (160 + ((x + y) % 32));
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A});
    ByteBuffer header = ByteBuffer.allocate(13).putInt(width).putInt(height);
    header.put((byte) 8).put((byte) 0).put((byte) 0).put((byte) 0).put((byte) 0);
    chunk(out, "IHDR", header.array());
    chunk(out, "IDAT", deflate(raw));
    chunk(out, "IEND", new byte[0]);
    return out.toByteArray();
  }

  private static byte[] deflate(byte[] data) {
    Deflater deflater = new Deflater();
    deflater.setInput(data);
    deflater.finish();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[4096];
    while (!deflater.finished()) {
      out.write(buffer, 0, deflater.deflate(buffer));
    }
    deflater.end();
    return out.toByteArray();
  }

  private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
    byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
    CRC32 crc = new CRC32();
    crc.update(typeBytes);
    crc.update(data);
    out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
    out.writeBytes(typeBytes);
    out.writeBytes(data);
    out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
  }
}
