package io.equitoken.gateway.web;

import io.equitoken.gateway.ratelimit.ClientKey;
import io.equitoken.gateway.ratelimit.RateDecision;
import io.equitoken.gateway.ratelimit.RateLimiter;
import io.equitoken.platform.web.problem.Problem;
import io.equitoken.platform.web.problem.ProblemWriter;
import io.equitoken.platform.web.security.AuthenticationFailureLimit;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Optional;
import java.util.Set;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Rate limits after authentication, so that the bucket belongs to the API key the token was issued
 * for ({@code azp}, else {@code sub}) and cannot be drained by someone forging that claim;
 * anonymous calls draw from a smaller bucket per client address. Every answer carries {@code
 * RateLimit-Limit}, {@code RateLimit-Remaining} and {@code RateLimit-Reset}; a refused one is a 429
 * problem with {@code Retry-After}. Health probes are never limited.
 */
public class RateLimitWebFilter implements WebFilter, Ordered, AuthenticationFailureLimit {

  /** After Spring Security (-100), before routing. */
  public static final int ORDER = -50;

  private final RateLimiter authenticated;
  private final RateLimiter anonymous;
  private final ClientAddresses addresses;
  private final RateLimiter benchmark;
  private final Set<String> benchmarkClients;

  public RateLimitWebFilter(
      RateLimiter authenticated, RateLimiter anonymous, ClientAddresses addresses) {
    this(authenticated, anonymous, addresses, null, Set.of());
  }

  /**
   * {@code benchmarkClients} ({@link ClientKey} values) draw from {@code benchmark} instead: the
   * operator's load-test callers (docs/services/gateway.md).
   */
  public RateLimitWebFilter(
      RateLimiter authenticated,
      RateLimiter anonymous,
      ClientAddresses addresses,
      RateLimiter benchmark,
      Set<String> benchmarkClients) {
    this.authenticated = authenticated;
    this.anonymous = anonymous;
    this.addresses = addresses;
    this.benchmark = benchmark;
    this.benchmarkClients = Set.copyOf(benchmarkClients);
  }

  private volatile Counter refusedKeys;
  private volatile Counter refusedAddresses;

  /**
   * Counts refusals in {@code
   * equitoken.gateway.rate.limit.refusals{limit="api-key"|"client-address"}}
   * (docs/observability.md).
   */
  public void countRefusalsIn(MeterRegistry meters) {
    refusedKeys = refusalCounter(meters, "api-key");
    refusedAddresses = refusalCounter(meters, "client-address");
  }

  private static Counter refusalCounter(MeterRegistry meters, String limit) {
    return Counter.builder("equitoken.gateway.rate.limit.refusals")
        .description("Requests refused with 429 by the gateway's rate limits")
        .tag("limit", limit)
        .register(meters);
  }

  private void countRefusal(boolean byAddress) {
    Counter counter = byAddress ? refusedAddresses : refusedKeys;
    if (counter != null) {
      counter.increment();
    }
  }

  private RateLimiter limiterFor(ClientKey key) {
    if (benchmark != null && benchmarkClients.contains(key.value())) {
      return benchmark;
    }
    return key.anonymous() ? anonymous : authenticated;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    if (exchange.getRequest().getPath().value().startsWith("/actuator/")) {
      return chain.filter(exchange);
    }
    return ReactiveSecurityContextHolder.getContext()
        .mapNotNull(context -> context.getAuthentication())
        .filter(JwtAuthenticationToken.class::isInstance)
        .map(JwtAuthenticationToken.class::cast)
        .map(jwt -> ClientKey.authenticated(jwt.getToken().getClaimAsString("azp"), jwt.getName()))
        .switchIfEmpty(Mono.fromSupplier(() -> ClientKey.anonymous(clientAddress(exchange))))
        .flatMap(key -> limit(key, exchange, chain));
  }

  /**
   * A request that failed authentication (no token, a forged or expired one) never reaches the
   * filter above; it is counted here against its client address, like an anonymous call, and once
   * that bucket is empty it is answered 429 instead of 401.
   */
  @Override
  public Optional<Problem> countFailure(ServerWebExchange exchange) {
    ClientKey key = ClientKey.anonymous(clientAddress(exchange));
    RateDecision decision = limiterFor(key).tryAcquire(key.value());
    setHeaders(exchange.getResponse().getHeaders(), decision);
    if (decision.allowed()) {
      return Optional.empty();
    }
    exchange
        .getResponse()
        .getHeaders()
        .set(HttpHeaders.RETRY_AFTER, Long.toString(decision.retryAfterSeconds()));
    countRefusal(true);
    return Optional.of(refusal(true, decision));
  }

  /**
   * A request the access rules refused (403) never reaches the filter above; it draws from its
   * caller's bucket like any other, so that it carries the {@code RateLimit-*} headers too, and is
   * answered 429 once that bucket is empty.
   */
  @Override
  public Mono<Optional<Problem>> countDenied(ServerWebExchange exchange) {
    return exchange
        .getPrincipal()
        .filter(JwtAuthenticationToken.class::isInstance)
        .map(JwtAuthenticationToken.class::cast)
        .map(jwt -> ClientKey.authenticated(jwt.getToken().getClaimAsString("azp"), jwt.getName()))
        .switchIfEmpty(Mono.fromSupplier(() -> ClientKey.anonymous(clientAddress(exchange))))
        .map(
            key -> {
              RateDecision decision = limiterFor(key).tryAcquire(key.value());
              setHeaders(exchange.getResponse().getHeaders(), decision);
              if (decision.allowed()) {
                return Optional.<Problem>empty();
              }
              exchange
                  .getResponse()
                  .getHeaders()
                  .set(HttpHeaders.RETRY_AFTER, Long.toString(decision.retryAfterSeconds()));
              countRefusal(key.anonymous());
              return Optional.of(refusal(key.anonymous(), decision));
            });
  }

  private static Problem refusal(boolean byAddress, RateDecision decision) {
    return Problem.of(
            429,
            "rate-limited",
            "Too many requests",
            "The rate limit of this "
                + (byAddress ? "client address" : "API key")
                + " is used up; retry after "
                + decision.retryAfterSeconds()
                + " s.")
        .with("retryAfterSeconds", decision.retryAfterSeconds());
  }

  private Mono<Void> limit(ClientKey key, ServerWebExchange exchange, WebFilterChain chain) {
    RateDecision decision = limiterFor(key).tryAcquire(key.value());
    ServerHttpResponse response = exchange.getResponse();
    if (!decision.allowed()) {
      setHeaders(response.getHeaders(), decision);
      response
          .getHeaders()
          .set(HttpHeaders.RETRY_AFTER, Long.toString(decision.retryAfterSeconds()));
      countRefusal(key.anonymous());
      return ProblemWriter.write(exchange, refusal(key.anonymous(), decision));
    }
    response.beforeCommit(
        () -> {
          setHeaders(response.getHeaders(), decision);
          return Mono.empty();
        });
    return chain.filter(exchange);
  }

  private static void setHeaders(HttpHeaders headers, RateDecision decision) {
    headers.set("RateLimit-Limit", Integer.toString(decision.limit()));
    headers.set("RateLimit-Remaining", Long.toString(decision.remaining()));
    headers.set("RateLimit-Reset", Long.toString(decision.resetSeconds()));
  }

  private String clientAddress(ServerWebExchange exchange) {
    return addresses.of(exchange);
  }

  @Override
  public int getOrder() {
    return ORDER;
  }
}
