package io.equitoken.identity.web;

import io.equitoken.identity.token.TokenService;
import io.equitoken.platform.web.ProblemException;
import jakarta.validation.Valid;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

@RestController
class TokenController {

  private final TokenService tokens;

  TokenController(TokenService tokens) {
    this.tokens = tokens;
  }

  @PostMapping(
      path = IdentityRoleMatrix.TOKEN,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  Mono<ResponseEntity<TokenResponse>> token(@Valid @RequestBody TokenRequest body) {
    return tokens
        .issue(body.apiKey(), body.secret())
        .map(
            token ->
                ResponseEntity.ok()
                    // RFC 6749 §5.1: responses carrying tokens must not be cached
                    .cacheControl(CacheControl.noStore())
                    .header("Pragma", "no-cache")
                    .body(new TokenResponse(token.value(), "Bearer", token.expiresInSeconds())))
        .switchIfEmpty(
            Mono.error(
                () ->
                    ProblemException.unauthorized(
                        "invalid-credentials", "The API key or secret is not valid.")));
  }
}
