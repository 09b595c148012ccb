package io.equitoken.gateway.config;

import io.equitoken.gateway.ratelimit.ClientKey;
import io.equitoken.gateway.ratelimit.RateLimit;
import io.equitoken.gateway.routing.Upstream;
import java.net.URI;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The gateway's settings ({@code equitoken.gateway.*}, environment {@code EQUITOKEN_GATEWAY_*}):
 * where each service runs, rate limits and circuit-breaker thresholds. Defaults are the local ports
 * of docs/conventions.md. {@code bodyReadTimeout} is the longest pause in a request body that the
 * gateway streams to a service (5 s): past it the client is answered {@code 408} and the call is
 * abandoned; keep it below the services' {@code equitoken.server.read-timeout} (20 s) so that the
 * gateway's answer comes first.
 */
@ConfigurationProperties("equitoken.gateway")
public record GatewaySettings(
    URI identityUri,
    URI listingsUri,
    URI portfolioUri,
    URI tradingUri,
    URI complianceUri,
    URI webhookUri,
    RateLimits rateLimit,
    CircuitBreaker circuitBreaker,
    Duration bodyReadTimeout) {

  public GatewaySettings {
    identityUri = orDefault(identityUri, 8081);
    listingsUri = orDefault(listingsUri, 8082);
    portfolioUri = orDefault(portfolioUri, 8083);
    tradingUri = orDefault(tradingUri, 8084);
    complianceUri = orDefault(complianceUri, 8085);
    webhookUri = orDefault(webhookUri, 8086);
    rateLimit =
        rateLimit == null ? new RateLimits(0, 0, null, 0, 0, null, 0, 0, null, null, 0) : rateLimit;
    circuitBreaker =
        circuitBreaker == null ? new CircuitBreaker(null, 0, 0, 0, null) : circuitBreaker;
    bodyReadTimeout = bodyReadTimeout != null ? bodyReadTimeout : Duration.ofSeconds(5);
  }

  public URI uriOf(Upstream upstream) {
    return switch (upstream) {
      case IDENTITY -> identityUri;
      case LISTINGS -> listingsUri;
      case PORTFOLIO -> portfolioUri;
      case TRADING -> tradingUri;
      case COMPLIANCE -> complianceUri;
      case WEBHOOK -> webhookUri;
    };
  }

  private static URI orDefault(URI uri, int port) {
    return uri != null ? uri : URI.create("http://localhost:" + port);
  }

  /**
   * Token buckets per API key (authenticated) and per client address (anonymous calls such as
   * {@code POST /auth/token}). Per gateway instance: with N replicas a client may get N times this.
   * {@code trustedProxyHops} &gt; 0 takes the client address from {@code X-Forwarded-For} as
   * written by that many trusted proxies in front of the gateway. {@code enabled=false} switches
   * limits off.
   *
   * <p>{@code benchmarkKeys} (API keys, i.e. a token's {@code azp}) and {@code benchmarkAddresses}
   * (client addresses of anonymous calls) are an operator setting for load tests: they draw from a
   * bucket of their own of {@code benchmarkRate} calls per second (burst the same), so a benchmark
   * measures capacity and not the limiter, while every other caller keeps the normal limits. Empty
   * by default.
   */
  public record RateLimits(
      int capacity,
      int refillTokens,
      Duration refillPeriod,
      int anonymousCapacity,
      int anonymousRefillTokens,
      Duration anonymousRefillPeriod,
      int maxTrackedKeys,
      int trustedProxyHops,
      List<String> benchmarkKeys,
      List<String> benchmarkAddresses,
      int benchmarkRate) {

    public RateLimits {
      capacity = capacity > 0 ? capacity : 100;
      refillTokens = refillTokens > 0 ? refillTokens : 50;
      refillPeriod = refillPeriod != null ? refillPeriod : Duration.ofSeconds(1);
      anonymousCapacity = anonymousCapacity > 0 ? anonymousCapacity : 20;
      anonymousRefillTokens = anonymousRefillTokens > 0 ? anonymousRefillTokens : 5;
      anonymousRefillPeriod =
          anonymousRefillPeriod != null ? anonymousRefillPeriod : Duration.ofSeconds(1);
      maxTrackedKeys = maxTrackedKeys > 0 ? maxTrackedKeys : 100_000;
      benchmarkKeys = benchmarkKeys == null ? List.of() : List.copyOf(benchmarkKeys);
      benchmarkAddresses = benchmarkAddresses == null ? List.of() : List.copyOf(benchmarkAddresses);
      benchmarkRate = benchmarkRate > 0 ? benchmarkRate : 1_000_000;
    }

    public RateLimit benchmark() {
      return new RateLimit(benchmarkRate, benchmarkRate, Duration.ofSeconds(1));
    }

    /** The {@link ClientKey} values of the benchmark callers. */
    public Set<String> benchmarkClients() {
      Set<String> clients = new HashSet<>();
      benchmarkKeys.forEach(key -> clients.add(ClientKey.authenticated(key, null).value()));
      benchmarkAddresses.forEach(address -> clients.add(ClientKey.anonymous(address).value()));
      return Set.copyOf(clients);
    }

    public RateLimit authenticated() {
      return new RateLimit(capacity, refillTokens, refillPeriod);
    }

    public RateLimit anonymous() {
      return new RateLimit(anonymousCapacity, anonymousRefillTokens, anonymousRefillPeriod);
    }
  }

  /**
   * One breaker per route: a call slower than {@code timeout} fails (503 {@code timeout} to its
   * caller, not counted by the breaker); when {@code failureRateThreshold} percent of the last
   * {@code slidingWindowSize} calls (at least {@code minimumCalls}) failed because the service was
   * unreachable, the route answers 503 at once for {@code openDuration} (2 s), then lets three
   * trial calls through.
   */
  public record CircuitBreaker(
      Duration timeout,
      int failureRateThreshold,
      int slidingWindowSize,
      int minimumCalls,
      Duration openDuration) {

    public CircuitBreaker {
      timeout = timeout != null ? timeout : Duration.ofSeconds(10);
      failureRateThreshold = failureRateThreshold > 0 ? failureRateThreshold : 50;
      slidingWindowSize = slidingWindowSize > 0 ? slidingWindowSize : 20;
      minimumCalls = minimumCalls > 0 ? minimumCalls : 10;
      openDuration = openDuration != null ? openDuration : Duration.ofSeconds(2);
    }
  }
}
