package io.equitoken.identity.it;

import io.equitoken.identity.support.IdentityIntegrationTest;
import io.equitoken.platform.test.ApiKeyRevocations;
import io.equitoken.platform.test.TestJwtIssuer;
import org.junit.jupiter.api.Test;

/**
 * This service refuses the tokens of an API key once the key is revoked here: the revocation goes
 * out on identity.events.v1 through the outbox and comes back through platform-web's revocation
 * set, within the documented bound, while other keys' tokens of the same principal keep working.
 */
class RevokedApiKeyIT extends IdentityIntegrationTest {

  @Test
  void shouldRefuseTheTokensOfARevokedApiKey() throws InterruptedException {
    ApiKeyRevocations.assertRevokedKeysTokensRefused(
        new ApiKeyRevocations.Keys() {
          @Override
          public String issue(String investor) {
            return (String) newKey(investor, "investor").get("apiKey");
          }

          @Override
          public void revoke(String apiKey, String investor) {
            web.delete()
                .uri("/developer/api-key/{apiKey}", apiKey)
                .headers(h -> h.setBearerAuth(TestJwtIssuer.token(investor, "investor")))
                .exchange()
                .expectStatus()
                .isNoContent();
          }
        },
        web,
        "/developer/api-key");
  }
}
