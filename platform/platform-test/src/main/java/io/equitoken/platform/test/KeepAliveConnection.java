package io.equitoken.platform.test;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 keep-alive connection driven byte by byte, for tests of how a server treats the
 * <em>connection</em> (HTTP clients with pools hide that: they open a new connection when one
 * misbehaves). Every response must arrive within the read timeout, else {@link
 * SocketTimeoutException} names the request that was never answered. Plain or TLS: the caller opens
 * the socket.
 */
public final class KeepAliveConnection implements AutoCloseable {

  /** One answer: status, header names lower-case, body as text. */
  public record Response(int status, Map<String, String> headers, String body) {
    public String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;
  private final String host;
  private int sent;

  public KeepAliveConnection(Socket socket, String host, Duration readTimeout) throws IOException {
    this.socket = socket;
    this.host = host;
    socket.setTcpNoDelay(true);
    socket.setSoTimeout(Math.toIntExact(readTimeout.toMillis()));
    this.in = new BufferedInputStream(socket.getInputStream());
    this.out = socket.getOutputStream();
  }

  /** How many requests went out on this connection so far. */
  public int sent() {
    return sent;
  }

  /** Sends one request ({@code headers} as "Name: value" lines) and reads its whole response. */
  public Response exchange(String method, String path, String body, String... headers)
      throws IOException {
    send(method, path, body, headers);
    return read(method + " " + path);
  }

  /** Sends one request without reading its answer (read it with {@link #read}). */
  public void send(String method, String path, String body, String... headers) throws IOException {
    StringBuilder request = new StringBuilder();
    request.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
    request.append("Host: ").append(host).append("\r\n");
    for (String header : headers) {
      request.append(header).append("\r\n");
    }
    byte[] payload = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    if (body != null) {
      request.append("Content-Length: ").append(payload.length).append("\r\n");
    }
    request.append("\r\n");
    out.write(request.toString().getBytes(StandardCharsets.US_ASCII));
    out.write(payload);
    out.flush();
    sent++;
  }

  /** Reads the next whole response; {@code what} names the request in a timeout's message. */
  public Response read(String what) throws IOException {
    try {
      String statusLine = line();
      if (statusLine == null) {
        throw new IOException(
            "Connection closed before the answer to request " + sent + ", " + what);
      }
      int status = Integer.parseInt(statusLine.split(" ", 3)[1]);
      Map<String, String> headers = new LinkedHashMap<>();
      for (String line = line(); line != null && !line.isEmpty(); line = line()) {
        int colon = line.indexOf(':');
        headers.put(
            line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
            line.substring(colon + 1).trim());
      }
      return new Response(status, headers, body(headers));
    } catch (SocketTimeoutException e) {
      SocketTimeoutException named =
          new SocketTimeoutException(
              "No answer within "
                  + socket.getSoTimeout()
                  + " ms to request "
                  + sent
                  + " on this keep-alive connection ("
                  + what
                  + ")");
      named.initCause(e);
      throw named;
    }
  }

  private String body(Map<String, String> headers) throws IOException {
    String length = headers.get("content-length");
    if (length != null) {
      return new String(in.readNBytes(Integer.parseInt(length)), StandardCharsets.UTF_8);
    }
    if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      while (true) {
        String sizeLine = line();
        int semicolon = sizeLine.indexOf(';');
        int size =
            Integer.parseInt(
                semicolon < 0 ? sizeLine.trim() : sizeLine.substring(0, semicolon), 16);
        if (size == 0) {
          for (String trailer = line(); trailer != null && !trailer.isEmpty(); trailer = line()) {
            // trailers are not used here
          }
          return body.toString(StandardCharsets.UTF_8);
        }
        body.write(in.readNBytes(size));
        line();
      }
    }
    return "";
  }

  private String line() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    int b;
    while ((b = in.read()) != -1) {
      if (b == '\n') {
        String text = line.toString(StandardCharsets.US_ASCII);
        return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
      }
      line.write(b);
    }
    return line.size() == 0 ? null : line.toString(StandardCharsets.US_ASCII);
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
