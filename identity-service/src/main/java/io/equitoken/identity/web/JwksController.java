package io.equitoken.identity.web;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import io.equitoken.identity.signing.SigningKey;
import io.equitoken.identity.signing.SigningKeys;
import java.text.ParseException;
import java.time.Duration;
import java.util.Map;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The public keys verifiers need: the signer and every retired key whose tokens may still be valid.
 * Cached briefly only: a verifier meeting an unknown {@code kid} refetches, and a short max-age
 * keeps caches in front of it from hiding a freshly rotated key for long.
 */
@RestController
class JwksController {

  static final Duration MAX_AGE = Duration.ofSeconds(60);
  private final SigningKeys signingKeys;

  JwksController(SigningKeys signingKeys) {
    this.signingKeys = signingKeys;
  }

  @GetMapping(path = IdentityRoleMatrix.JWKS, produces = MediaType.APPLICATION_JSON_VALUE)
  Mono<ResponseEntity<Map<String, Object>>> jwks() {
    return signingKeys
        .published()
        .map(JwksController::parse)
        .collectList()
        .map(
            keys ->
                ResponseEntity.ok()
                    .cacheControl(CacheControl.maxAge(MAX_AGE).cachePublic())
                    .body(new JWKSet(keys).toJSONObject(true)));
  }

  private static JWK parse(SigningKey key) {
    try {
      return JWK.parse(key.publicJwk());
    } catch (ParseException e) {
      throw new IllegalStateException("Stored public key " + key.kid() + " is corrupt", e);
    }
  }
}
