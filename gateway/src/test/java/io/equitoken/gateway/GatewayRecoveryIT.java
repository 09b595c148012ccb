package io.equitoken.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.equitoken.gateway.support.FakeUpstreams;
import io.equitoken.gateway.support.GatewayItSupport;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * A service that comes back after its route's breaker opened takes traffic again within seconds of
 * listening: the breaker stays open {@code open-duration} (2 s, the product's default), then its
 * trial calls reach the recovered service and close it.
 */
@TestPropertySource(properties = "equitoken.gateway.circuit-breaker.open-duration=2s")
class GatewayRecoveryIT extends GatewayItSupport {

  private static final Duration BOUND = Duration.ofSeconds(5);

  @Test
  void shouldSendTrafficToARecoveredServiceWithinSecondsOfItListening() throws Exception {
    // given webhook-service is down and its route's breaker has opened
    String token = tokenFor("partner");
    String reason = null;
    for (int i = 0; i < 12 && !"circuit-open".equals(reason); i++) {
      reason = reasonOf(call(token));
    }
    assertThat(reason).isEqualTo("circuit-open");

    // when the service starts listening at its address
    URI address = URI.create(FakeUpstreams.uri(FakeUpstreams.DOWN));
    HttpServer service =
        HttpServer.create(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), address.getPort()), 0);
    service.createContext(
        "/",
        exchange -> {
          byte[] body = "[]".getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    service.start();
    long up = System.nanoTime();
    try {
      // then a caller gets through within the bound (each attempt a caller of its own, as many
      // clients retrying would be; none of them waits for the service)
      int status = 0;
      while (status != 200) {
        assertThat(Duration.ofNanos(System.nanoTime() - up)).isLessThan(BOUND);
        status = call(tokenFor("partner")).getStatus().value();
        if (status != 200) {
          Thread.sleep(100);
        }
      }
      System.out.printf(
          "GatewayRecoveryIT: first call through %d ms after the service listened%n",
          Duration.ofNanos(System.nanoTime() - up).toMillis());
    } finally {
      // the other tests expect webhook-service down
      service.stop(0);
    }
  }

  private org.springframework.test.web.reactive.server.EntityExchangeResult<byte[]> call(
      String token) {
    return client
        .get()
        .uri("/webhooks/subscriptions")
        .header("Authorization", "Bearer " + token)
        .exchange()
        .expectBody()
        .returnResult();
  }

  private static String reasonOf(
      org.springframework.test.web.reactive.server.EntityExchangeResult<byte[]> result) {
    String body = new String(result.getResponseBodyContent(), StandardCharsets.UTF_8);
    int at = body.indexOf("\"reason\":\"");
    return at < 0 ? null : body.substring(at + 10, body.indexOf('"', at + 10));
  }
}
