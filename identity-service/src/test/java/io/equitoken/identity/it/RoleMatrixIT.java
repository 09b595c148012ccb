package io.equitoken.identity.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.identity.support.IdentityIntegrationTest;
import io.equitoken.platform.test.RoleMatrixWalker;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.web.RoleMatrix;
import io.equitoken.platform.web.Roles;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every cell of the role → endpoint matrix (docs/services/identity-service.md), allowed and denied,
 * with real signed tokens (platform-test's {@link RoleMatrixWalker}): each platform role,
 * anonymous, and a token without roles. Each allowed caller acts on its own principal and gets the
 * endpoint's success answer; object-level refusals (another principal's keys) are below.
 */
class RoleMatrixIT extends IdentityIntegrationTest {

  private static final String ANY = new TreeSet<>(Roles.ALL).toString();

  /** The documented matrix: who may call what. */
  private static final List<String> TABLE =
      List.of(
          "POST /auth/token anonymous",
          "GET /.well-known/jwks.json anonymous",
          "GET /developer/api-key " + ANY,
          "POST /developer/api-key " + ANY,
          "DELETE /developer/api-key/{apiKey} " + ANY,
          "POST /developer/signing-keys/rotate [operator]");

  private static final String TOKEN = "/auth/token";
  private static final String JWKS = "/.well-known/jwks.json";
  private static final String API_KEY = "/developer/api-key";
  private static final String API_KEY_ITEM = "/developer/api-key/{apiKey}";
  private static final String ROTATE = "/developer/signing-keys/rotate";

  /** What an allowed caller gets from each rule. */
  private static final Map<String, Integer> SUCCESS =
      Map.of(
          "POST " + TOKEN, 200,
          "GET " + JWKS, 200,
          "GET " + API_KEY, 200,
          "POST " + API_KEY, 201,
          "DELETE " + API_KEY_ITEM, 204,
          "POST " + ROTATE, 200);

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Autowired RoleMatrix matrix;
  @LocalServerPort int port;

  @Test
  void shouldDeclareExactlyTheDocumentedMatrix() {
    RoleMatrixWalker.assertDeclares(matrix, TABLE);
  }

  @Test
  void shouldAllowExactlyTheRolesOfTheMatrixAndRefuseTheOthers() {
    // every rule × every role, anonymous and a token without roles: an allowed caller (on its own
    // principal, with its own active key) gets the success answer, a denied one a 403 forbidden
    // (401 unauthenticated anonymous) problem+json
    var cells =
        RoleMatrixWalker.of(matrix, "http://127.0.0.1:" + port)
            .subjects(caller -> caller.replace('_', '-') + "-" + UUID.randomUUID())
            .tokens(
                (subject, role) ->
                    role == null
                        ? TestJwtIssuer.token(subject)
                        : withActiveKey(TestJwtIssuer.token(subject, role)))
            .withTokenWithoutRoles()
            .prepare(
                (rule, role, subject) -> request(rule.method(), rule.pathPattern(), role, subject))
            .expectAllowed(rule -> SUCCESS.get(rule.method() + " " + rule.pathPattern()))
            .walk();

    assertThat(cells).hasSize(TABLE.size() * (Roles.ALL.size() + 2));
  }

  private RoleMatrixWalker.Request request(
      String method, String pattern, String role, String subject) {
    String principal = subject == null ? "nobody" : subject;
    return switch (method + " " + pattern) {
      case "POST " + TOKEN ->
          RoleMatrixWalker.Request.of(
              pattern, json(Map.of("apiKey", OPERATOR_KEY, "secret", OPERATOR_SECRET)));
      case "POST " + API_KEY ->
          RoleMatrixWalker.Request.of(
              pattern, json(keyRequest("own", principal, role == null ? Roles.INVESTOR : role)));
      case "DELETE " + API_KEY_ITEM ->
          RoleMatrixWalker.Request.of(
              API_KEY
                  + "/"
                  + (role == null ? "etk_walker" : (String) newKey(principal, role).get("apiKey")));
      default -> RoleMatrixWalker.Request.of(pattern);
    };
  }

  private static String json(Object body) {
    return JSON.writeValueAsString(body);
  }

  static Stream<Arguments> roles() {
    return Roles.ALL.stream().map(Arguments::of);
  }

  @ParameterizedTest(name = "{0} may list others' keys only as an operator")
  @MethodSource("roles")
  void shouldLetOnlyOperatorsListOthersKeys(String role) {
    String principal = "l-" + role.replace('_', '-');
    String token = TestJwtIssuer.token(principal, role);
    if (role.equals(Roles.OPERATOR)) {
      list(token, "somebody-else").expectStatus().isOk();
    } else {
      expectProblem(list(token, "somebody-else"), 403, "api-key-for-other-principal");
    }
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
    expectProblem(
        web.post().uri(ROTATE).header("Authorization", bearer(token)).exchange(),
        401,
        "invalid-token");
    expectProblem(list(token, null), 401, "invalid-token");
  }

  private WebTestClient.ResponseSpec list(String token, String principalId) {
    return web.get()
        .uri(
            b ->
                b.path(API_KEY)
                    .queryParamIfPresent("principalId", java.util.Optional.ofNullable(principalId))
                    .build())
        .header("Authorization", bearer(token))
        .exchange();
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
