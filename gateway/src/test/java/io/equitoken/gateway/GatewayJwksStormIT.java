package io.equitoken.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.RSAKey;
import io.equitoken.gateway.support.GatewayItSupport;
import io.equitoken.platform.test.TestJwtIssuer;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Tokens signed by a throwaway key with random {@code kid}s made the gateway fetch the JWKS once
 * each (241 fetches for 300 tokens). Now Nimbus' rate limiter allows at most two fetches per
 * refetch cooldown, however many unknown kids arrive.
 */
class GatewayJwksStormIT extends GatewayItSupport {

  private static final int STORM = 60;

  @Test
  void shouldFetchTheJwksABoundedNumberOfTimesForAStormOfUnknownKids() throws Exception {
    // given: a throwaway key; every token names a kid the JWKS never published
    RSAKey throwaway = TestJwtIssuer.newKey();
    Thread.sleep(
        JWKS_REFETCH_COOLDOWN.toMillis() + 100); // earlier tests' fetches out of the window
    int before = TestJwtIssuer.jwksFetches();
    Instant start = Instant.now();

    // when
    for (int i = 0; i < STORM; i++) {
      RSAKey randomKid = new RSAKey.Builder(throwaway).keyID(UUID.randomUUID().toString()).build();
      client
          .get()
          .uri("/listings")
          .header("Authorization", "Bearer " + TestJwtIssuer.token(randomKid, "x", "investor"))
          .exchange()
          .expectStatus()
          .isUnauthorized();
    }

    // then: at most two fetches per cooldown window the storm lasted
    long windows =
        Duration.between(start, Instant.now()).toMillis() / JWKS_REFETCH_COOLDOWN.toMillis() + 1;
    int fetches = TestJwtIssuer.jwksFetches() - before;
    assertThat(fetches).isLessThanOrEqualTo((int) (2 * windows)).isLessThan(STORM);
    Thread.sleep(JWKS_REFETCH_COOLDOWN.toMillis() + 100); // leave the window clear for others
  }
}
