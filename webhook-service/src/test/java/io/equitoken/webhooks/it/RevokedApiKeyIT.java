package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.ApiKeyRevocations;
import io.equitoken.platform.test.TestJwtIssuer;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 13, item 1: this service refuses the tokens of an API key once identity-service has
 * published its revocation on identity.events.v1 (platform-web's revocation set), within the
 * documented bound, while other keys' tokens of the same principal keep working.
 */
class RevokedApiKeyIT extends WebhooksIntegrationTest {

  @Test
  void shouldRefuseTheTokensOfARevokedApiKey() throws InterruptedException {
    String investor = "inv-" + UUID.randomUUID();
    String apiKey = "etk_" + UUID.randomUUID();
    String token = TestJwtIssuer.tokenForApiKey(apiKey, investor, "investor");
    assertThat(status(token)).isNotEqualTo(401).isLessThan(500);

    ApiKeyRevocations.publish(apiKey, investor);

    // at most the bound (30 s) in steps of 100 ms
    int status = status(token);
    for (int i = 0; i < 300 && status != 401; i++) {
      Thread.sleep(100);
      status = status(token);
    }
    assertThat(status).isEqualTo(401);
    String otherKey =
        TestJwtIssuer.tokenForApiKey("etk_" + UUID.randomUUID(), investor, "investor");
    assertThat(status(otherKey)).isNotEqualTo(401).isLessThan(500);
  }

  private int status(String token) {
    return web.get()
        .uri("/webhooks/subscriptions")
        .headers(h -> h.setBearerAuth(token))
        .exchange()
        .returnResult(Void.class)
        .getStatus()
        .value();
  }
}
