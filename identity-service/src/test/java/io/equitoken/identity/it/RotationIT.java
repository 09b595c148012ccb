package io.equitoken.identity.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.equitoken.identity.support.IdentityIntegrationTest;
import io.equitoken.platform.test.TestJwtIssuer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RotationIT extends IdentityIntegrationTest {

  @Test
  void shouldKeepOldTokensValidAndSignNewOnesWithTheNewKeyAfterRotation() throws Exception {
    // given: a token signed by the current key
    Map<String, Object> key = newKey("inv-rot", "investor");
    Map<String, Object> credentials =
        Map.of("apiKey", key.get("apiKey"), "secret", key.get("secret"));
    String before = token(credentials);
    String oldKid = SignedJWT.parse(before).getHeader().getKeyID();
    // when
    Map<?, ?> rotated =
        web.post()
            .uri("/developer/signing-keys/rotate")
            .header("Authorization", bearer(TestJwtIssuer.token("op-1", "operator")))
            .exchange()
            .expectStatus()
            .isOk()
            .expectBody(Map.class)
            .returnResult()
            .getResponseBody();
    // then
    String newKid = (String) rotated.get("kid");
    assertThat(newKid).isNotEqualTo(oldKid);
    assertThat(rotated.get("algorithm")).isEqualTo("ES256");
    String after = token(credentials);
    assertThat(SignedJWT.parse(after).getHeader().getKeyID()).isEqualTo(newKid);
    JWKSet jwks = jwks();
    assertThat(jwks.getKeys().stream().map(JWK::getKeyID)).contains(oldKid, newKid);
    assertThat(jwks.getKeys()).allSatisfy(k -> assertThat(k.isPrivate()).isFalse());
    verify(before, jwks);
    verify(after, jwks);
  }

  @Test
  void shouldPublishJwksAnonymouslyWithCacheControlAndNoPrivateParts() {
    web.get()
        .uri("/.well-known/jwks.json")
        .exchange()
        .expectStatus()
        .isOk()
        .expectHeader()
        .valueMatches("Cache-Control", "max-age=60, public|public, max-age=60")
        .expectBody()
        .jsonPath("$.keys[0].kty")
        .isEqualTo("EC")
        .jsonPath("$.keys[0].crv")
        .isEqualTo("P-256")
        .jsonPath("$.keys[0].alg")
        .isEqualTo("ES256")
        .jsonPath("$.keys[0].use")
        .isEqualTo("sig")
        .jsonPath("$.keys[0].kid")
        .isNotEmpty()
        .jsonPath("$.keys[0].d")
        .doesNotExist();
  }

  private String token(Map<String, Object> credentials) {
    return (String)
        requestToken(credentials)
            .expectStatus()
            .isOk()
            .expectBody(Map.class)
            .returnResult()
            .getResponseBody()
            .get("accessToken");
  }

  private JWKSet jwks() throws Exception {
    return JWKSet.parse(
        web.get()
            .uri("/.well-known/jwks.json")
            .exchange()
            .expectBody(String.class)
            .returnResult()
            .getResponseBody());
  }

  private static void verify(String token, JWKSet jwks) throws Exception {
    DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
    processor.setJWSKeySelector(
        new JWSVerificationKeySelector<>(JWSAlgorithm.ES256, new ImmutableJWKSet<>(jwks)));
    assertThat(processor.process(token, null).getStringListClaim("roles"))
        .isEqualTo(List.of("investor"));
  }
}
