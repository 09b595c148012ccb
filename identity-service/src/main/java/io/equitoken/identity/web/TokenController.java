package io.equitoken.identity.web;

import io.equitoken.identity.token.ClientAddress;
import io.equitoken.identity.token.TokenService;
import io.equitoken.platform.core.Refusal;
import jakarta.validation.Valid;
import java.net.InetSocketAddress;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

@RestController
class TokenController {

  /**
   * The client's address as the gateway saw it; the gateway sets it on {@code POST /auth/token}
   * only, replacing whatever the client sent (docs/services/gateway.md). Without it — a direct call
   * (local runs, tests) — the caller's socket address is the client's address.
   */
  static final String CLIENT_ADDRESS_HEADER = "Equitoken-Client-Address";

  private final TokenService tokens;

  TokenController(TokenService tokens) {
    this.tokens = tokens;
  }

  @PostMapping(
      path = IdentityRoleMatrix.TOKEN,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  Mono<ResponseEntity<TokenResponse>> token(
      @Valid @RequestBody TokenRequest body, ServerHttpRequest request) {
    return tokens
        .issue(body.apiKey(), body.secret(), clientAddress(request))
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
                    Refusal.of(
                            Refusal.Kind.UNAUTHORIZED,
                            "invalid-credentials",
                            "The API key or secret is not valid.")
                        .exception()));
  }

  /** The gateway's header when it holds an IP literal, else the socket's peer. */
  static ClientAddress clientAddress(ServerHttpRequest request) {
    return ClientAddress.parse(request.getHeaders().getFirst(CLIENT_ADDRESS_HEADER))
        .orElseGet(
            () -> {
              InetSocketAddress peer = request.getRemoteAddress();
              return peer == null ? ClientAddress.UNKNOWN : ClientAddress.of(peer.getAddress());
            });
  }
}
