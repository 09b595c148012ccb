package io.equitoken.platform.web.revocation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jwt.Jwt;

class RevokedApiKeysTest {

  private Instant now = Instant.parse("2026-01-01T10:00:00Z");
  private final Clock clock =
      new Clock() {
        @Override
        public Instant instant() {
          return now;
        }

        @Override
        public java.time.ZoneId getZone() {
          return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
          return this;
        }
      };
  private final RevokedApiKeys revoked =
      new RevokedApiKeys(Duration.ofMinutes(60), Duration.ofSeconds(30), clock);
  private final ApiKeyRevocationValidator validator = new ApiKeyRevocationValidator(revoked);

  @Test
  void shouldRefuseEveryTokenBeforeTheSetWasEverUpToDate() {
    assertThat(validator.validate(token("etk_a")).hasErrors()).isTrue();
  }

  @Test
  void shouldRefuseTokensOfARevokedKeyAndAcceptOthers() {
    revoked.confirmUpToDate();
    revoked.revoke("etk_a", now);

    assertThat(validator.validate(token("etk_a")).hasErrors()).isTrue();
    assertThat(validator.validate(token("etk_b")).hasErrors()).isFalse();
  }

  @Test
  void shouldFailClosedOnceTheSetIsStalerThanTheBound() {
    revoked.confirmUpToDate();
    now = now.plusSeconds(30);
    assertThat(validator.validate(token("etk_b")).hasErrors()).isFalse();

    now = now.plusSeconds(1);

    assertThat(validator.validate(token("etk_b")).hasErrors()).isTrue();
    revoked.confirmUpToDate();
    assertThat(validator.validate(token("etk_b")).hasErrors()).isFalse();
  }

  @Test
  void shouldForgetRevocationsOnlyWhenNoTokenOfTheKeyCanBeValidAnyMore() {
    revoked.revoke("etk_a", now);
    now = now.plus(Duration.ofMinutes(60));
    revoked.confirmUpToDate();
    assertThat(revoked.isRevoked("etk_a")).isTrue();

    now = now.plusSeconds(1);
    revoked.confirmUpToDate();

    assertThat(revoked.isRevoked("etk_a")).isFalse();
    // and a revocation older than the retention is not even stored
    revoked.revoke("etk_old", now.minus(Duration.ofMinutes(61)));
    assertThat(revoked.isRevoked("etk_old")).isFalse();
  }

  private Jwt token(String apiKey) {
    return new Jwt(
        "t",
        now,
        now.plusSeconds(900),
        Map.of("alg", "ES256"),
        Map.of("sub", "inv-1", "azp", apiKey, "roles", List.of("investor")));
  }
}
