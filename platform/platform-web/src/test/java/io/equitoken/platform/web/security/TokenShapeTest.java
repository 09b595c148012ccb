package io.equitoken.platform.web.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jwt.Jwt;

class TokenShapeTest {

  private final TokenShape shape = new TokenShape(Duration.ofHours(1));
  private final Instant now = Instant.now();

  @Test
  void shouldAcceptAnOrdinaryToken() {
    assertThat(shape.validate(token(claims(), now.plusSeconds(900))).hasErrors()).isFalse();
  }

  @Test
  void shouldRefuseATokenLivingLongerThanTheMaximum() {
    assertThat(shape.validate(token(claims(), now.plus(Duration.ofDays(36500)))).hasErrors())
        .isTrue();
    assertThat(shape.validate(token(claims(), now.plus(Duration.ofMinutes(61)))).hasErrors())
        .isTrue();
  }

  @Test
  void shouldRefuseRolesGivenAsASpaceSeparatedString() {
    Map<String, Object> claims = claims();
    claims.put("roles", "investor operator");

    assertThat(shape.validate(token(claims, now.plusSeconds(900))).hasErrors()).isTrue();
  }

  @Test
  void shouldRefuseATokenThatNamesNoApiKey() {
    Map<String, Object> claims = claims();
    claims.remove("azp");

    assertThat(shape.validate(token(claims, now.plusSeconds(900))).hasErrors()).isTrue();
  }

  @Test
  void shouldRefuseATokenWithoutIssueTime() {
    Map<String, Object> claims = claims();
    claims.remove("iat");

    assertThat(shape.validate(token(claims, now.plusSeconds(900))).hasErrors()).isTrue();
  }

  private Map<String, Object> claims() {
    Map<String, Object> claims = new HashMap<>();
    claims.put("sub", "inv-1");
    claims.put("azp", "etk_1");
    claims.put("roles", List.of("investor"));
    claims.put("iat", now);
    return claims;
  }

  private static Jwt token(Map<String, Object> claims, Instant expires) {
    Map<String, Object> all = new HashMap<>(claims);
    all.put("exp", expires);
    return new Jwt("t", (Instant) claims.get("iat"), expires, Map.of("alg", "ES256"), all);
  }
}
