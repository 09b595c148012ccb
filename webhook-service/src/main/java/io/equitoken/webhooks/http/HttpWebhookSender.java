package io.equitoken.webhooks.http;

import io.equitoken.webhooks.delivery.Outcome;
import io.equitoken.webhooks.delivery.WebhookSender;
import io.equitoken.webhooks.endpoint.EndpointPolicy;
import io.equitoken.webhooks.endpoint.EndpointRefusedException;
import io.equitoken.webhooks.endpoint.HostResolver;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.reactor.circuitbreaker.operator.CircuitBreakerOperator;
import io.netty.channel.ChannelOption;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufMono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientResponse;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;

/**
 * Sends deliveries with Reactor Netty: never follows redirects, connect and response timeouts,
 * reads at most {@value #MAX_BODY} bytes of a response, resolves and checks hosts through {@link
 * PinnedResolverGroup}, and runs every call through the endpoint's own circuit breaker ({@link
 * EndpointBreakers}: made once per endpoint and reused). Its connections run on event loops of
 * their own ({@code loops}), never on the database driver's; the headers of each request are set on
 * the request itself, not by deriving a client configuration per call.
 */
public final class HttpWebhookSender implements WebhookSender {

  static final int MAX_BODY = 4096;
  static final int MAX_EXCERPT = 512;
  static final String USER_AGENT = "Equitoken-Webhooks/1";

  private final EndpointPolicy policy;
  private final EndpointBreakers breakers;
  private final HttpClient https;
  private final HttpClient http;
  private final Duration overall;

  public HttpWebhookSender(
      EndpointPolicy policy,
      HostResolver resolver,
      CircuitBreakerConfig breakerConfig,
      int maxBreakers,
      Executor blocking,
      Duration connectTimeout,
      Duration responseTimeout,
      int maxConnections,
      LoopResources loops) {
    this.policy = policy;
    this.breakers = new EndpointBreakers(breakerConfig, maxBreakers);
    ConnectionProvider pool =
        ConnectionProvider.builder("webhooks")
            .maxConnections(maxConnections)
            .pendingAcquireMaxCount(-1)
            .maxIdleTime(Duration.ofSeconds(30))
            .build();
    HttpClient base =
        HttpClient.create(pool)
            .runOn(loops)
            .followRedirect(false)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) connectTimeout.toMillis())
            .responseTimeout(responseTimeout)
            .headers(h -> h.set("user-agent", USER_AGENT));
    this.https = base.resolver(new PinnedResolverGroup(resolver, policy, true, blocking));
    this.http = base.resolver(new PinnedResolverGroup(resolver, policy, false, blocking));
    this.overall = connectTimeout.plus(responseTimeout).plusSeconds(5);
  }

  @Override
  public Mono<Outcome> send(UUID subscriptionId, Request request) {
    Mono<Outcome> call =
        Mono.defer(() -> call(request))
            .flatMap(
                o -> o.kind() == Outcome.Kind.DELIVERED ? Mono.just(o) : Mono.error(new Failed(o)));
    return call.transformDeferred(
            CircuitBreakerOperator.of(breakers.forEndpoint(subscriptionId, request.url())))
        .onErrorResume(HttpWebhookSender::fallback);
  }

  @Override
  public void forget(UUID subscriptionId) {
    breakers.forget(subscriptionId);
  }

  private Mono<Outcome> call(Request request) {
    URI uri = URI.create(request.url());
    policy.checkBeforeConnect(uri);
    long started = System.nanoTime();
    HttpClient client = "https".equalsIgnoreCase(uri.getScheme()) ? https : http;
    return client
        .post()
        .uri(uri)
        .send(
            (out, outbound) -> {
              out.header("content-type", "application/json")
                  .header("webhook-id", request.messageId())
                  .header("webhook-timestamp", Long.toString(request.timestamp()))
                  .header("webhook-signature", request.signature());
              return outbound.send(ByteBufMono.fromString(Mono.just(request.body())));
            })
        .responseConnection(
            (response, connection) ->
                excerpt(connection.inbound().receive().asByteArray())
                    .map(body -> outcome(response, body, started)))
        .next()
        .timeout(overall)
        .onErrorResume(
            e -> !(e instanceof Failed),
            e ->
                Mono.just(
                    new Outcome(
                        Outcome.Kind.FAILED, null, millis(started), null, describe(e), null)));
  }

  private static Mono<String> excerpt(reactor.core.publisher.Flux<byte[]> chunks) {
    AtomicInteger size = new AtomicInteger();
    return chunks
        .takeUntil(chunk -> size.addAndGet(chunk.length) >= MAX_BODY)
        .collect(
            ByteArrayOutputStream::new,
            (out, chunk) -> out.write(chunk, 0, Math.min(chunk.length, MAX_BODY - out.size())))
        .map(
            out -> {
              String text = out.toString(StandardCharsets.UTF_8);
              return text.length() > MAX_EXCERPT ? text.substring(0, MAX_EXCERPT) : text;
            });
  }

  private static Outcome outcome(HttpClientResponse response, String body, long started) {
    int status = response.status().code();
    Outcome.Kind kind =
        status >= 200 && status < 300
            ? Outcome.Kind.DELIVERED
            : status == 410 ? Outcome.Kind.GONE : Outcome.Kind.FAILED;
    Duration retryAfter =
        status == 429 || status == 503
            ? retryAfter(response.responseHeaders().get("retry-after"))
            : null;
    String error =
        kind == Outcome.Kind.DELIVERED
            ? null
            : status >= 300 && status < 400
                ? "HTTP " + status + " (redirects are not followed)"
                : "HTTP " + status;
    return new Outcome(
        kind, status, millis(started), body.isEmpty() ? null : body, error, retryAfter);
  }

  /** Seconds or an HTTP date; null when absent or unreadable. */
  static Duration retryAfter(String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      long seconds = Long.parseLong(value.trim());
      return seconds < 0 ? null : Duration.ofSeconds(seconds);
    } catch (NumberFormatException notSeconds) {
      try {
        ZonedDateTime at = ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME);
        Duration wait = Duration.between(java.time.Instant.now(), at.toInstant());
        return wait.isNegative() ? Duration.ZERO : wait;
      } catch (RuntimeException notDate) {
        return null;
      }
    }
  }

  private static long millis(long started) {
    return (System.nanoTime() - started) / 1_000_000;
  }

  private static String describe(Throwable e) {
    Throwable cause = e;
    while (cause.getCause() != null && !(cause instanceof EndpointRefusedException)) {
      cause = cause.getCause();
    }
    if (cause instanceof EndpointRefusedException refused) {
      return "Not sent: " + refused.getMessage();
    }
    if (cause instanceof TimeoutException
        || cause instanceof io.netty.handler.timeout.ReadTimeoutException) {
      return "Timed out waiting for the response.";
    }
    if (cause instanceof io.netty.channel.ConnectTimeoutException) {
      return "Timed out connecting.";
    }
    String message = cause.getMessage();
    return cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }

  private static Mono<Outcome> fallback(Throwable e) {
    if (e instanceof Failed failed) {
      return Mono.just(failed.outcome);
    }
    if (e instanceof CallNotPermittedException) {
      return Mono.just(
          Outcome.notSent(Outcome.Kind.CIRCUIT_OPEN, "Not sent: the endpoint's circuit is open."));
    }
    return Mono.just(Outcome.notSent(Outcome.Kind.FAILED, describe(e)));
  }

  /** Carries a failed outcome through the circuit breaker, which counts it as a failure. */
  private static final class Failed extends RuntimeException {
    private final transient Outcome outcome;

    Failed(Outcome outcome) {
      super(outcome.error(), null, false, false);
      this.outcome = outcome;
    }
  }
}
