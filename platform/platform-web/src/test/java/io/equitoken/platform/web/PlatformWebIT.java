package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

@SpringBootTest(
    classes = WebTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    // the rotation test fetches the JWKS three times in a row (start, unknown kid, published kid);
    // the refetch limiter (two per cooldown) is the gateway's GatewayJwksStormIT's subject
    properties = "equitoken.security.jwks-refetch-cooldown=1ms")
@AutoConfigureWebTestClient
class PlatformWebIT {

  @DynamicPropertySource
  static void jwt(DynamicPropertyRegistry registry) {
    TestJwtIssuer.register(registry);
    io.equitoken.platform.test.TestInfrastructure.registerDatabase(registry, "platformweb");
    TestInfrastructure.registerKafka(registry);
  }

  WebTestClient web;

  /** A loaded machine answers a context's first request slower than the client's default 5 s. */
  @Autowired
  void client(WebTestClient client) {
    web = client.mutate().responseTimeout(java.time.Duration.ofSeconds(30)).build();
  }

  @Autowired RoleMatrix matrix;
  @org.springframework.boot.test.web.server.LocalServerPort int port;

  @Test
  void everyCellOfTheRoleMatrixAnswersAsDeclared() {
    var cells =
        io.equitoken.platform.test.RoleMatrixWalker.of(matrix, "http://127.0.0.1:" + port).walk();
    // every rule × (5 roles + anonymous)
    assertThat(cells).hasSize(matrix.rules().size() * 6);
  }

  @Test
  void theWalkerNoticesACellThatAnswersAgainstTheMatrix() {
    // a matrix that claims partners may create things, which the service refuses with 403
    var claimed =
        java.util.List.of(
            new io.equitoken.platform.test.RoleMatrixWalker.Rule(
                "POST", "/things", java.util.Set.of("operator", "partner"), false));
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                io.equitoken.platform.test.RoleMatrixWalker.ofRules(
                        claimed, "http://127.0.0.1:" + port)
                    .walk())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("partner")
        .hasMessageContaining("should be allowed");
  }

  @Test
  void rotatedKeysAndCustomClaimsAreAccepted() {
    var unpublished = TestJwtIssuer.newKey();
    isProblem(
        get("/things/1", TestJwtIssuer.token(unpublished, "inv-1", "investor")),
        401,
        "invalid-token");
    TestJwtIssuer.publish(unpublished);
    get("/things/1", TestJwtIssuer.token(unpublished, "inv-1", "investor")).expectStatus().isOk();
    get(
            "/things/1",
            TestJwtIssuer.tokenWithClaims(java.util.Map.of("azp", "key-1"), "inv-1", "investor"))
        .expectStatus()
        .isOk();
    int fetches = TestJwtIssuer.jwksFetches();
    assertThat(fetches).isPositive();
  }

  private WebTestClient.ResponseSpec get(String path, String token) {
    var spec = web.get().uri(path);
    if (token != null) {
      spec = spec.header("Authorization", "Bearer " + token);
    }
    return spec.exchange();
  }

  private static void isProblem(WebTestClient.ResponseSpec response, int status, String code) {
    response
        .expectStatus()
        .isEqualTo(status)
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.status")
        .isEqualTo(status)
        .jsonPath("$.code")
        .isEqualTo(code)
        .jsonPath("$.type")
        .isEqualTo("https://equitoken.io/problems/" + code)
        .jsonPath("$.trace")
        .doesNotExist();
  }

  /** Actuator answered an unknown health group 404 with an empty body. */
  @Test
  void shouldAnswerAnUnknownHealthGroupAndOtherBodilessRefusalsAsProblems() {
    for (String path : java.util.List.of("/actuator/health/nosuch", "/actuator/health/nosuch/x")) {
      isProblem(get(path, null), 404, "not-found");
      isProblem(get(path, TestJwtIssuer.token("inv-1", "investor")), 404, "not-found");
    }
    isProblem(get("/bare-refusal", null), 409, "conflict");
    // a body of the handler's own is left alone, and so is success
    isProblem(
        get("/things/missing", TestJwtIssuer.token("inv-1", "investor")), 404, "thing-not-found");
    get("/actuator/health/liveness", null).expectStatus().isOk();
  }

  @Test
  void shouldServeAnonymousRulesWithoutAToken() {
    get("/public", null).expectStatus().isOk();
  }

  @Test
  void shouldAnswer401ProblemWithoutToken() {
    isProblem(get("/things/1", null), 401, "unauthenticated");
  }

  @Test
  void shouldAnswer401ForExpiredTamperedForeignAndMisaddressedTokens() {
    isProblem(
        get("/things/1", TestJwtIssuer.expiredToken("inv-1", "investor")), 401, "invalid-token");
    isProblem(
        get("/things/1", TestJwtIssuer.tamperedToken("inv-1", "investor")), 401, "invalid-token");
    isProblem(
        get("/things/1", TestJwtIssuer.tokenSignedByOtherKey("inv-1", "investor")),
        401,
        "invalid-token");
    isProblem(
        get("/things/1", TestJwtIssuer.tokenForAudience("other-api", "inv-1", "investor")),
        401,
        "invalid-token");
    isProblem(
        get(
            "/things/1",
            TestJwtIssuer.tokenFromIssuer("https://evil.example", "inv-1", "investor")),
        401,
        "invalid-token");
    isProblem(get("/things/1", "not.a.jwt"), 401, "invalid-token");
  }

  @Test
  void shouldKeepServingAKeepAliveClientAfterRefusingRequestsWithBodies() {
    // Reactor Netty 1.3.6 could leave the next request unread after a refusal written before the
    // body was read; many refusals in a row on one pooled connection must all be answered.
    String investor = "Bearer " + TestJwtIssuer.token("inv-1", "investor");
    for (int i = 0; i < 50; i++) {
      web.post()
          .uri("/things")
          .contentType(MediaType.APPLICATION_JSON)
          .bodyValue("{\"name\":\"x\",\"price\":1}")
          .exchange()
          .expectStatus()
          .isUnauthorized();
      web.post()
          .uri("/things")
          .header("Authorization", investor)
          .contentType(MediaType.APPLICATION_JSON)
          .bodyValue("{\"name\":\"x\",\"price\":1}")
          .exchange()
          .expectStatus()
          .isForbidden();
      get("/public", null).expectStatus().isOk();
    }
  }

  @Test
  void shouldLetAllowedRolesInAndTellWhoIsCalling() {
    get("/things/1", TestJwtIssuer.token("inv-1", "investor"))
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.viewer")
        .isEqualTo("inv-1");
  }

  @Test
  void shouldAnswer403ProblemToRolesTheMatrixDoesNotAllow() {
    isProblem(get("/things/1", TestJwtIssuer.token("p-1", "partner")), 403, "forbidden");
    isProblem(
        web.post()
            .uri("/things")
            .header("Authorization", "Bearer " + TestJwtIssuer.token("inv-1", "investor"))
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue("{\"name\":\"x\",\"price\":1}")
            .exchange(),
        403,
        "forbidden");
  }

  @Test
  void shouldRenderDomainProblemsAndUnknownPathsAsProblemJson() {
    String token = TestJwtIssuer.token("op", "operator");
    isProblem(get("/things/missing", token), 404, "thing-not-found");
    isProblem(get("/no/such/path", token), 404, "not-found");
  }

  @Test
  void shouldRenderFrameworkErrorsAsProblemJson() {
    String token = "Bearer " + TestJwtIssuer.token("op", "operator");
    isProblem(
        web.put().uri("/things").header("Authorization", token).exchange(),
        405,
        "method-not-allowed");
    isProblem(
        web.post()
            .uri("/things")
            .header("Authorization", token)
            .contentType(MediaType.TEXT_PLAIN)
            .bodyValue("hello")
            .exchange(),
        415,
        "unsupported-media-type");
    isProblem(
        web.post()
            .uri("/things")
            .header("Authorization", token)
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue("{\"name\":")
            .exchange(),
        400,
        "malformed-body");
  }

  @Test
  void shouldRefuseAJsonObjectThatNamesAMemberTwice() {
    String token = "Bearer " + TestJwtIssuer.token("op", "operator");
    web.post()
        .uri("/things")
        .header("Authorization", token)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue("{\"name\":\"cheap\",\"price\":1,\"price\":1000}")
        .exchange()
        .expectStatus()
        .isBadRequest()
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("duplicate-member")
        .jsonPath("$.field")
        .isEqualTo("price");
  }

  @Test
  void shouldAnswerUnreadableBodiesOutsideTheJsonCodecWith400() {
    isProblem(get("/undecodable", TestJwtIssuer.token("op", "operator")), 400, "malformed-body");
  }

  @Test
  void shouldNameTheOffendingFieldOfInvalidInput() {
    String token = "Bearer " + TestJwtIssuer.token("op", "operator");
    web.post()
        .uri("/things")
        .header("Authorization", token)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue("{\"name\":\"\",\"price\":1}")
        .exchange()
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("validation-failed")
        .jsonPath("$.field")
        .isEqualTo("name");
    web.post()
        .uri("/things")
        .header("Authorization", token)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue("{\"name\":\"x\",\"price\":\"cheap\"}")
        .exchange()
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("price");
  }

  @Test
  void shouldAnswerATypedQueryParameterSpringCannotConvertAsAnInvalidParameter() {
    web.get()
        .uri("/counted?count=many")
        .exchange()
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("invalid-parameter")
        .jsonPath("$.field")
        .isEqualTo("count");
  }

  @Test
  void shouldHideInternalErrorsBehindAGeneric500Problem() {
    byte[] body =
        get("/boom", TestJwtIssuer.token("op", "operator"))
            .expectStatus()
            .isEqualTo(HttpStatus.INTERNAL_SERVER_ERROR)
            .expectBody()
            .returnResult()
            .getResponseBody();
    assertThat(new String(body))
        .contains("internal-error")
        .doesNotContain("secret internal detail");
  }
}
