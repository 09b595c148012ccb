package io.equitoken.gateway.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.equitoken.gateway.routing.Upstream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;

/**
 * The gateway's peers for tests: one tiny HTTP server per service on loopback, recording what
 * arrives (looked up by the request id the test sent). webhook-service is deliberately not running,
 * as a service that does not exist yet. A few paths behave specially: {@code
 * /listings/upstream-404} and {@code /listings/upstream-500} answer errors with their own bodies,
 * {@code /trade/status/slow} answers only after {@link #SLOW_MILLIS}.
 */
public final class FakeUpstreams {

  public static final Upstream DOWN = Upstream.WEBHOOK;
  public static final long SLOW_MILLIS = 4_000;
  public static final String UPSTREAM_404_BODY =
      "{\"type\":\"https://equitoken.io/problems/listing-not-found\",\"status\":404,"
          + "\"code\":\"listing-not-found\",\"detail\":\"from the service\"}";
  public static final String UPSTREAM_500_BODY = "{\"oops\":\"the service's own 500 body\"}";

  /** One request as a service saw it; header names lower-case. */
  public record Received(
      Upstream upstream,
      String method,
      String pathAndQuery,
      Map<String, List<String>> headers,
      String body) {

    public String header(String name) {
      List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
      return values == null || values.isEmpty() ? null : values.get(0);
    }
  }

  private static final Map<Upstream, String> URIS = new EnumMap<>(Upstream.class);
  private static final Map<String, Received> RECEIVED = new ConcurrentHashMap<>();

  private FakeUpstreams() {}

  public static synchronized String uri(Upstream upstream) {
    if (URIS.isEmpty()) {
      for (Upstream each : Upstream.values()) {
        URIS.put(
            each,
            each == DOWN
                ? "http://127.0.0.1:" + closedPort()
                : each == Upstream.COMPLIANCE ? startNetty(each) : start(each));
      }
    }
    return URIS.get(upstream);
  }

  /** What the service received for the request with this {@code X-Request-Id}, or null. */
  public static Received received(String requestId) {
    return RECEIVED.get(requestId);
  }

  /** compliance-service's stand-in runs on Reactor Netty with the platform's server limits. */
  private static String startNetty(Upstream upstream) {
    return NettyUpstream.start(
        upstream,
        received -> {
          String id = received.header("x-request-id");
          if (id != null) {
            RECEIVED.put(id, received);
          }
        });
  }

  private static String start(Upstream upstream) {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.createContext("/", exchange -> answer(upstream, exchange));
      server.setExecutor(Executors.newCachedThreadPool());
      server.start();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> server.stop(0)));
      return "http://127.0.0.1:" + server.getAddress().getPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void answer(Upstream upstream, HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    Map<String, List<String>> headers = new TreeMap<>();
    exchange
        .getRequestHeaders()
        .forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), List.copyOf(values)));
    String path = exchange.getRequestURI().getRawPath();
    String query = exchange.getRequestURI().getRawQuery();
    Received received =
        new Received(
            upstream,
            exchange.getRequestMethod(),
            query == null ? path : path + "?" + query,
            headers,
            body);
    List<String> ids = headers.get("x-request-id");
    if (ids != null) {
      ids.forEach(id -> RECEIVED.put(id, received));
    }
    int status = 200;
    String response = "{\"service\":\"" + upstream.module() + "\",\"path\":\"" + path + "\"}";
    if (path.equals("/listings/upstream-404")) {
      status = 404;
      response = UPSTREAM_404_BODY;
    } else if (path.equals("/listings/upstream-500")) {
      status = 500;
      response = UPSTREAM_500_BODY;
    } else if (path.equals("/trade/status/slow")) {
      sleep(SLOW_MILLIS);
    }
    byte[] bytes = response.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.getResponseHeaders().add("X-Served-By", upstream.module());
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    } catch (IOException clientGone) {
      // the gateway gave up waiting (timeout test); nothing to answer to
    }
  }

  private static int closedPort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
