package io.equitoken.e2e;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback OTLP/HTTP trace receiver: keeps the body of every export request (protobuf {@code
 * ExportTraceServiceRequest}, uncompressed) and answers 200 with an empty response message. Each
 * export comes from one process, so a body that holds a service's {@code service.name} resource
 * attribute (its exact protobuf encoding) and a trace id's 16 bytes shows that this service
 * recorded a span in that trace — without a protobuf parser. Bounded: at most {@link #MAX_EXPORTS}
 * bodies of at most 4 MiB are kept.
 */
final class OtlpCollector implements AutoCloseable {

  static final int MAX_EXPORTS = 10_000;
  private static final int MAX_BODY = 4 << 20;

  private final HttpServer server;
  private final List<byte[]> exports = new CopyOnWriteArrayList<>();

  OtlpCollector(int port) {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext(
        "/v1/traces",
        exchange -> {
          try (InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readNBytes(MAX_BODY);
            if (exports.size() < MAX_EXPORTS) {
              exports.add(body);
            }
          }
          exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
    server.start();
  }

  /**
   * Whether {@code service} (its {@code service.name}) exported a span of trace {@code traceId}.
   */
  boolean sawSpan(String service, String traceId) {
    byte[] name = serviceNameAttribute(service);
    byte[] id = HexFormat.of().parseHex(traceId);
    return exports.stream().anyMatch(body -> contains(body, name) && contains(body, id));
  }

  /**
   * {@code KeyValue{key: "service.name", value: AnyValue{string_value: service}}} as protobuf, from
   * the key's text on: key, then field 2 (AnyValue) holding field 1 (the string).
   */
  private static byte[] serviceNameAttribute(String service) {
    byte[] key = "service.name".getBytes(StandardCharsets.UTF_8);
    byte[] value = service.getBytes(StandardCharsets.UTF_8);
    if (value.length > 100) {
      throw new IllegalArgumentException("one-byte lengths only: " + service);
    }
    byte[] out = new byte[key.length + 4 + value.length];
    System.arraycopy(key, 0, out, 0, key.length);
    out[key.length] = 0x12;
    out[key.length + 1] = (byte) (value.length + 2);
    out[key.length + 2] = 0x0a;
    out[key.length + 3] = (byte) value.length;
    System.arraycopy(value, 0, out, key.length + 4, value.length);
    return out;
  }

  private static boolean contains(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
