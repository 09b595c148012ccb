package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.ApiKeyRevocations;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.web.revocation.RevocationFeed;
import io.equitoken.platform.web.revocation.RevokedApiKeys;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * A revoked event on identity.events.v1 makes the revoked key's tokens useless within the
 * documented bound (docs/security.md), while other keys' tokens keep working.
 */
@SpringBootTest(
    classes = WebTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient(timeout = "30s")
class RevocationFeedIT {

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestJwtIssuer.register(registry);
    // the same infrastructure as PlatformWebIT (platform-web's Idempotency store needs R2DBC)
    TestInfrastructure.registerDatabase(registry, "platformweb");
    TestInfrastructure.registerKafka(registry);
  }

  @Autowired WebTestClient web;
  @Autowired RevocationFeed feed;
  @Autowired RevokedApiKeys revoked;

  @Test
  void shouldRefuseTokensOfAKeyOnceItsRevocationIsPublished() throws Exception {
    // given: two keys of one investor, both tokens accepted
    String leaked = "etk_" + UUID.randomUUID();
    String other = "etk_" + UUID.randomUUID();
    String leakedToken = TestJwtIssuer.tokenForApiKey(leaked, "inv-rev", "investor");
    String otherToken = TestJwtIssuer.tokenForApiKey(other, "inv-rev", "investor");
    assertThat(status(leakedToken)).isEqualTo(200);

    // when: identity-service publishes the revocation
    ApiKeyRevocations.publish(leaked, "inv-rev");

    // then: the leaked key's token is refused within the bound, the other one still works
    Instant deadline = Instant.now().plus(ApiKeyRevocations.BOUND);
    while (status(leakedToken) != 401 && Instant.now().isBefore(deadline)) {
      Thread.sleep(50);
    }
    assertThat(status(leakedToken)).isEqualTo(401);
    assertThat(status(otherToken)).isEqualTo(200);
  }

  @Test
  void shouldRefuseTokensWhileTheFeedIsStoppedAndServeThemOnceItHasCaughtUpAfterARestart() {
    // given: a fresh set, a key's token accepted
    String token =
        TestJwtIssuer.tokenForApiKey("etk_" + UUID.randomUUID(), "inv-pause", "investor");
    assertThat(revoked.isFresh()).isTrue();
    assertThat(status(token)).isEqualTo(200);
    try {
      // when: the feed stops (a paused context, a shutdown), moments after its last confirmation
      feed.stop();

      // then: the set is no longer fresh, however recent that confirmation was, and tokens are
      // refused
      assertThat(revoked.isFresh()).isFalse();
      assertThat(status(token)).isEqualTo(401);
    } finally {
      // and when it starts again, it returns once it has read the revocations up to date
      feed.start();
    }
    assertThat(revoked.isFresh()).isTrue();
    assertThat(status(token)).isEqualTo(200);
  }

  private int status(String token) {
    return web.get()
        .uri("/things/1")
        .header("Authorization", "Bearer " + token)
        .exchange()
        .returnResult(Void.class)
        .getStatus()
        .value();
  }
}
