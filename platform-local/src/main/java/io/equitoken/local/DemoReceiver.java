package io.equitoken.local;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.concurrent.Executors;

/**
 * A webhook receiver for local demos, on loopback ({@code http://localhost:8090/hooks} plus the
 * port offset), which the local webhook-service admits: every delivery is answered 204 and one line
 * per delivery (time, {@code webhook-id}, signature, body) is appended to {@code
 * logs/demo-receiver.log}. It does not verify signatures (it does not know the secret); see
 * docs/services/webhook-service.md for how a real receiver does.
 */
final class DemoReceiver implements AutoCloseable {

  static final int BASE_PORT = 8090;
  static final int MAX_LOGGED_BODY = 2000;

  private final HttpServer server;

  private DemoReceiver(HttpServer server) {
    this.server = server;
  }

  static DemoReceiver start(int port, Path log) throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
    server.setExecutor(
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "demo-receiver");
              t.setDaemon(true);
              return t;
            }));
    server.createContext(
        "/hooks",
        exchange -> {
          try (InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readNBytes(64 * 1024);
            String text = new String(body, StandardCharsets.UTF_8);
            if (text.length() > MAX_LOGGED_BODY) {
              text = text.substring(0, MAX_LOGGED_BODY) + "…";
            }
            var h = exchange.getRequestHeaders();
            String line =
                Instant.now()
                    + " "
                    + exchange.getRequestMethod()
                    + " webhook-id="
                    + h.getFirst("webhook-id")
                    + " webhook-timestamp="
                    + h.getFirst("webhook-timestamp")
                    + " webhook-signature="
                    + h.getFirst("webhook-signature")
                    + " "
                    + text.replace('\n', ' ')
                    + System.lineSeparator();
            Files.createDirectories(log.getParent());
            Files.writeString(log, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            exchange.sendResponseHeaders(204, -1);
          } finally {
            exchange.close();
          }
        });
    server.start();
    return new DemoReceiver(server);
  }

  int port() {
    return server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
