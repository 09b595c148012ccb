package io.equitoken.gateway.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.gateway.ratelimit.RateLimit;
import io.equitoken.gateway.ratelimit.RateLimiter;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

/** Failed authentications are counted against the client address. */
class RateLimitWebFilterTest {

  private long now = 0;
  private final RateLimitWebFilter filter =
      new RateLimitWebFilter(
          new RateLimiter(new RateLimit(100, 50, Duration.ofSeconds(1)), 1000, () -> now),
          new RateLimiter(new RateLimit(3, 1, Duration.ofSeconds(1)), 1000, () -> now),
          ClientAddresses.behind(0));

  @Test
  void shouldAnswer429OnceAnAddressHasUsedUpItsBudgetOfFailedAuthentications() {
    for (int i = 0; i < 3; i++) {
      assertThat(filter.countFailure(exchange("203.0.113.9"))).isEmpty();
    }

    var refused = exchange("203.0.113.9");
    assertThat(filter.countFailure(refused))
        .hasValueSatisfying(problem -> assertThat(problem.status()).isEqualTo(429));
    assertThat(refused.getResponse().getHeaders().getFirst("Retry-After")).isEqualTo("1");
    // another address is not affected, and the bucket refills
    assertThat(filter.countFailure(exchange("203.0.113.10"))).isEmpty();
    now += Duration.ofSeconds(1).toNanos();
    assertThat(filter.countFailure(exchange("203.0.113.9"))).isEmpty();
  }

  private static MockServerWebExchange exchange(String address) {
    return MockServerWebExchange.from(
        MockServerHttpRequest.get("/listings")
            .header("Authorization", "Bearer forged")
            .remoteAddress(new InetSocketAddress(address, 40000)));
  }
}
