package io.equitoken.gateway.support;

import io.equitoken.gateway.routing.Upstream;
import io.equitoken.platform.web.problem.ProblemWebExceptionHandler;
import io.equitoken.platform.web.server.ServerLimitsAutoConfiguration;
import io.equitoken.platform.web.server.ServerLimitsProperties;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * A service stand-in on Reactor Netty with platform-web's server limits, as every real service
 * runs: it records and answers like the other fakes, and on {@link #REFUSE_EARLY} answers {@code
 * 413} before reading a byte of the body, as compliance-service does for one document too many. Its
 * body read timeout is {@link #READ_TIMEOUT}: a stalled body is answered {@code 408}.
 */
public final class NettyUpstream {

  public static final String REFUSE_EARLY = "/compliance/kyc/refused-early";
  public static final Duration READ_TIMEOUT = Duration.ofSeconds(1);
  public static final String EARLY_413_BODY =
      "{\"type\":\"https://equitoken.io/problems/too-many-documents\",\"status\":413,"
          + "\"code\":\"too-many-documents\",\"detail\":\"from the service, body unread\"}";
  public static final String STALLED_408_BODY =
      "{\"type\":\"https://equitoken.io/problems/request-timeout\",\"status\":408,"
          + "\"code\":\"request-timeout\",\"detail\":\"from the service\"}";

  private NettyUpstream() {}

  static String start(Upstream upstream, Consumer<FakeUpstreams.Received> recorder) {
    ServerLimitsProperties limits =
        new ServerLimitsProperties(Duration.ofSeconds(5), READ_TIMEOUT, Duration.ofSeconds(30), 0);
    HttpServer server =
        ServerLimitsAutoConfiguration.serverLimits(limits)
            .apply(HttpServer.create().host("127.0.0.1").port(0))
            .handle((request, response) -> answer(upstream, request, response, recorder));
    DisposableServer running = server.bindNow(Duration.ofSeconds(30));
    Runtime.getRuntime().addShutdownHook(new Thread(running::disposeNow));
    return "http://127.0.0.1:" + running.port();
  }

  private static Publisher<Void> answer(
      Upstream upstream,
      HttpServerRequest request,
      HttpServerResponse response,
      Consumer<FakeUpstreams.Received> recorder) {
    String path = request.fullPath();
    if (path.equals(REFUSE_EARLY)) {
      return json(response, 413, EARLY_413_BODY);
    }
    return request
        .receive()
        .aggregate()
        .asString(StandardCharsets.UTF_8)
        .defaultIfEmpty("")
        .flatMap(
            body -> {
              Map<String, List<String>> headers = new TreeMap<>();
              request
                  .requestHeaders()
                  .forEach(
                      h ->
                          headers
                              .computeIfAbsent(
                                  h.getKey().toLowerCase(Locale.ROOT),
                                  k -> new java.util.ArrayList<>())
                              .add(h.getValue()));
              recorder.accept(
                  new FakeUpstreams.Received(
                      upstream, request.method().name(), request.uri(), headers, body));
              return json(
                  response,
                  200,
                  "{\"service\":\"" + upstream.module() + "\",\"path\":\"" + path + "\"}");
            })
        .onErrorResume(
            failure -> ProblemWebExceptionHandler.bodyTimeout(failure) != null,
            stalled -> json(response, 408, STALLED_408_BODY));
  }

  private static Mono<Void> json(HttpServerResponse response, int status, String body) {
    return response
        .status(status)
        .header("Content-Type", status >= 400 ? "application/problem+json" : "application/json")
        .header("X-Served-By", "compliance-service")
        .sendString(Mono.just(body))
        .then();
  }
}
