package io.equitoken.identity.web;

import io.equitoken.identity.signing.SigningKeys;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** Operator-triggered rotation, e.g. when a key may have leaked; operator only (role matrix). */
@RestController
class SigningKeyController {

  /** The key that signs from now on. */
  record RotatedKey(String kid, String algorithm, String createdAt) {}

  private final SigningKeys signingKeys;

  SigningKeyController(SigningKeys signingKeys) {
    this.signingKeys = signingKeys;
  }

  @PostMapping(path = IdentityRoleMatrix.ROTATE, produces = MediaType.APPLICATION_JSON_VALUE)
  Mono<RotatedKey> rotate() {
    return signingKeys
        .rotate()
        .map(key -> new RotatedKey(key.kid(), key.algorithm(), key.createdAt().toString()));
  }
}
