package io.equitoken.identity.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.identity.support.IdentityIntegrationTest;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.web.RoleMatrix;
import io.equitoken.platform.web.Roles;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Every cell of the role → endpoint matrix (docs/services/identity-service.md), allowed and denied,
 * with real signed tokens: each platform role, no token, and a token without roles.
 */
class RoleMatrixIT extends IdentityIntegrationTest {

  @Autowired RoleMatrix matrix;

  @Test
  void shouldDeclareExactlyTheDocumentedMatrix() {
    assertThat(
            matrix.rules().stream()
                .map(
                    r ->
                        r.method()
                            + " "
                            + r.pathPattern()
                            + " -> "
                            + (r.anonymous()
                                ? "anonymous"
                                : r.roles().stream().sorted().collect(Collectors.joining(","))))
                .toList())
        .containsExactlyInAnyOrder(
            "POST /auth/token -> anonymous",
            "GET /.well-known/jwks.json -> anonymous",
            "GET /developer/api-key -> compliance_officer,founder,investor,operator,partner",
            "POST /developer/api-key -> compliance_officer,founder,investor,operator,partner",
            "DELETE /developer/api-key/{apiKey} ->"
                + " compliance_officer,founder,investor,operator,partner",
            "POST /developer/signing-keys/rotate -> operator");
  }

  static Stream<Arguments> roles() {
    return Roles.ALL.stream().map(Arguments::of);
  }

  @ParameterizedTest(name = "{0} may create a key for themselves")
  @MethodSource("roles")
  void shouldAllowEveryRoleToCreateKeys(String role) {
    String principal = "p-" + role.replace('_', '-');
    createKey(TestJwtIssuer.token(principal, role), keyRequest("own", principal, role))
        .expectStatus()
        .isCreated();
  }

  @ParameterizedTest(name = "{0} may list their own keys, and others' only as an operator")
  @MethodSource("roles")
  void shouldLetEveryRoleListOwnKeysAndOnlyOperatorsOthers(String role) {
    String principal = "l-" + role.replace('_', '-');
    String token = TestJwtIssuer.token(principal, role);
    list(token, null).expectStatus().isOk();
    if (role.equals(Roles.OPERATOR)) {
      list(token, "somebody-else").expectStatus().isOk();
    } else {
      expectProblem(list(token, "somebody-else"), 403, "api-key-for-other-principal");
    }
  }

  @ParameterizedTest(name = "{0} may revoke their own key")
  @MethodSource("roles")
  void shouldAllowEveryRoleToRevokeKeys(String role) {
    String principal = "r-" + role.replace('_', '-');
    Map<String, Object> key = newKey(principal, role);
    delete(TestJwtIssuer.token(principal, role), (String) key.get("apiKey"))
        .expectStatus()
        .isNoContent();
  }

  @ParameterizedTest(name = "{0} rotating signing keys")
  @MethodSource("roles")
  void shouldAllowOnlyOperatorsToRotateSigningKeys(String role) {
    WebTestClient.ResponseSpec response = rotate(() -> TestJwtIssuer.token("someone", role));
    if (role.equals(Roles.OPERATOR)) {
      response.expectStatus().isOk();
    } else {
      expectProblem(response, 403, "forbidden");
    }
  }

  @ParameterizedTest(name = "{0} may still use the anonymous endpoints")
  @MethodSource("roles")
  void shouldLetEveryRoleUseTheAnonymousEndpoints(String role) {
    String token = TestJwtIssuer.token("someone", role);
    web.post()
        .uri("/auth/token")
        .header("Authorization", bearer(token))
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(Map.of("apiKey", OPERATOR_KEY, "secret", OPERATOR_SECRET))
        .exchange()
        .expectStatus()
        .isOk();
    web.get()
        .uri("/.well-known/jwks.json")
        .header("Authorization", bearer(token))
        .exchange()
        .expectStatus()
        .isOk();
  }

  @Test
  void shouldLetAnonymousCallersUseOnlyTokenAndJwks() {
    requestToken(Map.of("apiKey", OPERATOR_KEY, "secret", OPERATOR_SECRET)).expectStatus().isOk();
    web.get().uri("/.well-known/jwks.json").exchange().expectStatus().isOk();
    expectProblem(
        web.post()
            .uri("/developer/api-key")
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue(keyRequest("k", "p", "investor"))
            .exchange(),
        401,
        "unauthenticated");
    expectProblem(web.delete().uri("/developer/api-key/etk_x").exchange(), 401, "unauthenticated");
    expectProblem(web.get().uri("/developer/api-key").exchange(), 401, "unauthenticated");
    expectProblem(rotate(() -> null), 401, "unauthenticated");
  }

  @Test
  void shouldForbidEveryProtectedEndpointToATokenWithoutRoles() {
    String noRoles = TestJwtIssuer.token("nobody");
    expectProblem(createKey(noRoles, keyRequest("k", "nobody", "investor")), 403, "forbidden");
    expectProblem(delete(noRoles, "etk_x"), 403, "forbidden");
    expectProblem(list(noRoles, null), 403, "forbidden");
    expectProblem(rotate(() -> noRoles), 403, "forbidden");
  }

  static Stream<Arguments> invalidTokens() {
    return Stream.of(
        Arguments.of("expired", TestJwtIssuer.expiredToken("op", "operator")),
        Arguments.of("tampered", TestJwtIssuer.tamperedToken("inv", "investor")),
        Arguments.of(
            "signed by another key", TestJwtIssuer.tokenSignedByOtherKey("op", "operator")),
        Arguments.of("other audience", TestJwtIssuer.tokenForAudience("x", "op", "operator")),
        Arguments.of(
            "other issuer", TestJwtIssuer.tokenFromIssuer("https://evil", "op", "operator")),
        Arguments.of("garbage", "not-a-jwt"));
  }

  @ParameterizedTest(name = "{0} token is refused")
  @MethodSource("invalidTokens")
  void shouldRefuseInvalidTokensWith401(String description, String token) {
    expectProblem(createKey(token, keyRequest("k", "op", "operator")), 401, "invalid-token");
    expectProblem(rotate(() -> token), 401, "invalid-token");
    expectProblem(list(token, null), 401, "invalid-token");
  }

  private WebTestClient.ResponseSpec list(String token, String principalId) {
    return web.get()
        .uri(
            b ->
                b.path("/developer/api-key")
                    .queryParamIfPresent("principalId", java.util.Optional.ofNullable(principalId))
                    .build())
        .header("Authorization", bearer(token))
        .exchange();
  }

  private WebTestClient.ResponseSpec delete(String token, String apiKey) {
    return web.delete()
        .uri("/developer/api-key/{apiKey}", apiKey)
        .header("Authorization", bearer(token))
        .exchange();
  }

  private WebTestClient.ResponseSpec rotate(Supplier<String> token) {
    var request = web.post().uri("/developer/signing-keys/rotate");
    String value = token.get();
    if (value != null) {
      request = request.header("Authorization", bearer(value));
    }
    return request.exchange();
  }

  private static void expectProblem(WebTestClient.ResponseSpec response, int status, String code) {
    response
        .expectStatus()
        .isEqualTo(status)
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo(code);
  }
}
