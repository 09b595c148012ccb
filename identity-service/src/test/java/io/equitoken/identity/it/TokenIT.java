package io.equitoken.identity.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.equitoken.identity.support.IdentityIntegrationTest;
import io.equitoken.platform.test.TestJwtIssuer;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

class TokenIT extends IdentityIntegrationTest {

  private static final String ATTACKER = "203.0.113.7";
  private static final String OWNER = "198.51.100.4";

  @Test
  void shouldIssueTokenThatVerifiesAgainstThePublishedJwks() throws Exception {
    // given
    Map<String, Object> key = newKey("inv-dana", "investor");
    // when
    Map<?, ?> answer =
        requestToken(Map.of("apiKey", key.get("apiKey"), "secret", key.get("secret")))
            .expectStatus()
            .isOk()
            .expectHeader()
            .cacheControl(org.springframework.http.CacheControl.noStore())
            .expectBody(Map.class)
            .returnResult()
            .getResponseBody();
    // then
    assertThat(answer.get("tokenType")).isEqualTo("Bearer");
    assertThat(answer.get("expiresIn")).isEqualTo(900);
    JWTClaimsSet claims = verify((String) answer.get("accessToken"));
    assertThat(claims.getSubject()).isEqualTo("inv-dana");
    assertThat(claims.getStringListClaim("roles")).containsExactly("investor");
    assertThat(claims.getStringClaim("azp")).isEqualTo(key.get("apiKey"));
    assertThat(claims.getIssuer()).isEqualTo(TestJwtIssuer.ISSUER);
    assertThat(claims.getAudience()).containsExactly(TestJwtIssuer.AUDIENCE);
    assertThat(claims.getJWTID()).isNotBlank();
    assertThat(claims.getExpirationTime().getTime() - claims.getIssueTime().getTime())
        .isEqualTo(900_000L);
  }

  @Test
  void shouldAnswerTheSame401ForWrongSecretUnknownKeyAndRevokedKey() {
    // given
    Map<String, Object> key = newKey("inv-erin", "investor");
    Map<String, Object> revoked = newKey("inv-erin", "investor");
    web.delete()
        .uri("/developer/api-key/{id}", revoked.get("apiKey"))
        .header("Authorization", bearer(TestJwtIssuer.token("inv-erin", "investor")))
        .exchange()
        .expectStatus()
        .isNoContent();
    // when
    String wrongSecret =
        failure(Map.of("apiKey", key.get("apiKey"), "secret", "etks_" + "A".repeat(43)));
    String unknownKey = failure(Map.of("apiKey", "etk_unknown", "secret", key.get("secret")));
    String revokedKey =
        failure(Map.of("apiKey", revoked.get("apiKey"), "secret", revoked.get("secret")));
    // then: byte-for-byte the same problem
    assertThat(wrongSecret)
        .contains("\"code\":\"invalid-credentials\"")
        .isEqualTo(unknownKey)
        .isEqualTo(revokedKey);
  }

  @Test
  void shouldRefuseAnAddressAfterTenWrongSecretsWith429AndRetryAfterEvenForTheRightSecret() {
    // given a key whose secret someone guesses ten times (the default limit) from this address
    // (no gateway header: the caller's own socket address)
    Map<String, Object> key = newKey("inv-gus", "investor");
    for (int i = 0; i < 10; i++) {
      failure(Map.of("apiKey", key.get("apiKey"), "secret", "etks_guess" + i));
    }
    // when the right secret comes next from the same address
    String retryAfter =
        tooManyFailedSecrets(
            requestToken(Map.of("apiKey", key.get("apiKey"), "secret", key.get("secret"))));
    // then it waits for the window (15 min by default), and other keys are unaffected
    assertThat(Long.parseLong(retryAfter)).isBetween(1L, 900L);
    Map<String, Object> other = newKey("inv-hal", "investor");
    requestToken(Map.of("apiKey", other.get("apiKey"), "secret", other.get("secret")))
        .expectStatus()
        .isOk();
  }

  @Test
  void shouldLockOutTheGuessingAddressButStillIssueATokenToTheOwnersAddress() {
    // given an attacker who knows the key id and guesses from one address, past the limit
    Map<String, Object> key = newKey("inv-ivy", "investor");
    Map<String, Object> guess = Map.of("apiKey", key.get("apiKey"), "secret", "etks_guess");
    for (int i = 0; i < 10; i++) {
      invalidCredentials(requestToken(guess, ATTACKER));
    }
    tooManyFailedSecrets(requestToken(guess, ATTACKER));
    // when the owner asks from their own address, then they get a token
    Map<String, Object> right = Map.of("apiKey", key.get("apiKey"), "secret", key.get("secret"));
    requestToken(right, OWNER).expectStatus().isOk();
    // and the attacker stays locked out, even with the right secret
    tooManyFailedSecrets(requestToken(right, ATTACKER));
    // an address the gateway cannot have sent counts as the caller's own (here: loopback)
    requestToken(right, "not-an-address").expectStatus().isOk();
  }

  @Test
  void shouldLockTheKeyIdEverywhereOnceGuessesFromManyAddressesReachTheCeiling() {
    // given 100 wrong secrets (the default ceiling) from ten addresses, ten each
    Map<String, Object> key = newKey("inv-jay", "investor");
    Map<String, Object> guess = Map.of("apiKey", key.get("apiKey"), "secret", "etks_guess");
    for (int address = 1; address <= 10; address++) {
      for (int i = 0; i < 10; i++) {
        invalidCredentials(requestToken(guess, "192.0.2." + address));
      }
    }
    // when the owner asks from an address that never guessed, then it is refused too
    Map<String, Object> right = Map.of("apiKey", key.get("apiKey"), "secret", key.get("secret"));
    String retryAfter = tooManyFailedSecrets(requestToken(right, OWNER));
    assertThat(Long.parseLong(retryAfter)).isBetween(1L, 900L);
    // and so is an eleventh address, while another key of the same owner still works
    tooManyFailedSecrets(requestToken(guess, "192.0.2.11"));
    Map<String, Object> other = newKey("inv-jay", "investor");
    requestToken(Map.of("apiKey", other.get("apiKey"), "secret", other.get("secret")), OWNER)
        .expectStatus()
        .isOk();
  }

  @Test
  void shouldRejectMalformedAndIncompleteBodiesWith400() {
    badRequest("{\"apiKey\":");
    badRequest("{\"apiKey\":\"etk_x\"}");
    badRequest("{\"apiKey\":\"\",\"secret\":\"s\"}");
    badRequest("{\"apiKey\":\"etk_x\",\"secret\":\"s\",\"extra\":1}");
    badRequest("{\"apiKey\":\"etk_x\",\"secret\":\"" + "s".repeat(257) + "\"}");
    badRequest("[]");
  }

  @Test
  void shouldNeedNoBearerTokenToRequestOne() {
    requestToken(Map.of("apiKey", OPERATOR_KEY, "secret", OPERATOR_SECRET)).expectStatus().isOk();
  }

  private WebTestClient.ResponseSpec requestToken(Object body, String clientAddress) {
    return web.post()
        .uri("/auth/token")
        .header("Equitoken-Client-Address", clientAddress)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body)
        .exchange();
  }

  /** Expects 429 too-many-failed-secrets and answers its Retry-After. */
  private static String tooManyFailedSecrets(WebTestClient.ResponseSpec answer) {
    return answer
        .expectStatus()
        .isEqualTo(429)
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("too-many-failed-secrets")
        .returnResult()
        .getResponseHeaders()
        .getFirst("Retry-After");
  }

  private String failure(Object body) {
    return invalidCredentials(requestToken(body));
  }

  private static String invalidCredentials(WebTestClient.ResponseSpec answer) {
    return answer
        .expectStatus()
        .isUnauthorized()
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody(String.class)
        .returnResult()
        .getResponseBody();
  }

  private void badRequest(String json) {
    web.post()
        .uri("/auth/token")
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(json)
        .exchange()
        .expectStatus()
        .isBadRequest()
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON);
  }

  private JWTClaimsSet verify(String token) throws Exception {
    String jwks =
        web.get()
            .uri("/.well-known/jwks.json")
            .exchange()
            .expectStatus()
            .isOk()
            .expectBody(String.class)
            .returnResult()
            .getResponseBody();
    DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
    processor.setJWSKeySelector(
        new JWSVerificationKeySelector<>(
            JWSAlgorithm.ES256, new ImmutableJWKSet<>(JWKSet.parse(jwks))));
    return processor.process(token, null);
  }
}
