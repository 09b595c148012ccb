package io.equitoken.platform.web;

import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.web.server.ServerAuthenticationEntryPoint;
import org.springframework.security.web.server.authorization.ServerAccessDeniedHandler;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * 401 and 403 as problem+json. The 401 says only that a valid token is needed; which check failed
 * (signature, expiry, issuer, audience) is not revealed to the caller.
 */
public class ProblemSecurityHandlers
    implements ServerAuthenticationEntryPoint, ServerAccessDeniedHandler {

  /** Bodies up to this size are read and dropped before a refusal is written; larger ones not. */
  static final long DRAIN_LIMIT = 64 * 1024;

  /**
   * A refusal is written before the request body was read. Reactor Netty 1.3.6 can then leave the
   * client's next keep-alive request unread for good (reactor-netty issues 4188/4361), so a small
   * body is read and dropped first; the connection then goes on as after any other request.
   */
  static Mono<Void> afterDrainingBody(ServerWebExchange exchange, Mono<Void> answer) {
    long length = exchange.getRequest().getHeaders().getContentLength();
    if (length <= 0 || length > DRAIN_LIMIT) {
      return answer;
    }
    return exchange
        .getRequest()
        .getBody()
        .doOnNext(DataBufferUtils::release)
        .then()
        .onErrorResume(e -> Mono.empty())
        .then(answer);
  }

  @Override
  public Mono<Void> commence(ServerWebExchange exchange, AuthenticationException ex) {
    boolean tokenPresented =
        ex instanceof InvalidBearerTokenException
            || exchange.getRequest().getHeaders().getFirst("Authorization") != null;
    exchange
        .getResponse()
        .getHeaders()
        .set("WWW-Authenticate", tokenPresented ? "Bearer error=\"invalid_token\"" : "Bearer");
    Problem problem =
        tokenPresented
            ? Problem.of(
                401,
                "invalid-token",
                "Unauthorized",
                "The bearer token is invalid or expired; request a new one at POST /auth/token.")
            : Problem.of(
                401,
                "unauthenticated",
                "Unauthorized",
                "A bearer token is required; request one at POST /auth/token.");
    return afterDrainingBody(exchange, Mono.defer(() -> ProblemWriter.write(exchange, problem)));
  }

  @Override
  public Mono<Void> handle(ServerWebExchange exchange, AccessDeniedException denied) {
    return afterDrainingBody(
        exchange,
        Mono.defer(
            () ->
                ProblemWriter.write(
                    exchange,
                    Problem.of(
                        403,
                        "forbidden",
                        "Forbidden",
                        "Your roles do not allow "
                            + exchange.getRequest().getMethod()
                            + " "
                            + exchange.getRequest().getPath().value()
                            + "."))));
  }
}
