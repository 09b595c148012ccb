package io.equitoken.sdk;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/** A stub of the API on loopback, on a free port: records every request, answers per path. */
final class StubServer implements AutoCloseable {

  record Seen(String method, String path, String query, Map<String, List<String>> headers) {
    String header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name))
          .map(e -> e.getValue().get(0))
          .findFirst()
          .orElse(null);
    }
  }

  record Answer(int status, Map<String, String> headers, String body) {
    static Answer json(int status, String body) {
      return new Answer(status, Map.of(), body);
    }
  }

  private final HttpServer server;
  final List<Seen> seen = new CopyOnWriteArrayList<>();

  StubServer(Function<Seen, Answer> answers) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          Seen request = record(exchange);
          Answer answer = answers.apply(request);
          answer.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          byte[] body =
              answer.body() == null ? new byte[0] : answer.body().getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(answer.status(), body.length == 0 ? -1 : body.length);
          if (body.length > 0) {
            exchange.getResponseBody().write(body);
          }
          exchange.close();
        });
    server.start();
  }

  private Seen record(HttpExchange exchange) throws IOException {
    exchange.getRequestBody().readAllBytes();
    Seen request =
        new Seen(
            exchange.getRequestMethod(),
            exchange.getRequestURI().getPath(),
            exchange.getRequestURI().getRawQuery(),
            Map.copyOf(exchange.getRequestHeaders()));
    seen.add(request);
    return request;
  }

  URI uri() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  List<Seen> to(String path) {
    return seen.stream().filter(s -> s.path().equals(path)).toList();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
