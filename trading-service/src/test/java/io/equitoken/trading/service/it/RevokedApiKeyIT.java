package io.equitoken.trading.service.it;

import io.equitoken.platform.test.ApiKeyRevocations;
import org.junit.jupiter.api.Test;

/**
 * This service refuses the tokens of an API key once identity-service has published its revocation
 * on identity.events.v1 (platform-web's revocation set), within the documented bound, while other
 * keys' tokens of the same principal keep working.
 */
class RevokedApiKeyIT extends TradingIntegrationTest {

  @Test
  void shouldRefuseTheTokensOfARevokedApiKey() throws InterruptedException {
    ApiKeyRevocations.assertRevokedKeysTokensRefused(web, "/trade");
  }
}
