package io.equitoken.compliance.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.RoleMatrixWalker;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.web.RoleMatrix;
import io.equitoken.platform.web.Roles;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.BodyInserters;

/**
 * Every cell of the role matrix, allowed and denied, with real signed tokens (platform-test's
 * {@link RoleMatrixWalker}): each role, anonymous and a token without roles. The table below must
 * name exactly the rules of the {@link RoleMatrix} bean ({@code web/ComplianceRoleMatrix}).
 */
class RoleMatrixIT extends IntegrationTestSupport {

  @Autowired RoleMatrix matrix;
  @LocalServerPort int port;

  private record Endpoint(HttpMethod method, String pattern, Function<String, Integer> call) {}

  private List<Endpoint> endpoints() {
    String submission = submitValid(newInvestor());
    String document = documentOf(submission);
    return List.of(
        new Endpoint(
            HttpMethod.POST,
            "/compliance/kyc",
            token -> submit(token, validUpload()).returnResult(String.class).getStatus().value()),
        new Endpoint(
            HttpMethod.GET, "/compliance/status", token -> get("/compliance/status", token)),
        new Endpoint(
            HttpMethod.GET, "/compliance/reviews", token -> get("/compliance/reviews", token)),
        new Endpoint(
            HttpMethod.GET,
            "/compliance/reviews/{submissionId}",
            token -> get("/compliance/reviews/" + submission, token)),
        new Endpoint(
            HttpMethod.GET,
            "/compliance/reviews/{submissionId}/documents/{documentId}",
            token -> get("/compliance/reviews/" + submission + "/documents/" + document, token)),
        new Endpoint(
            HttpMethod.POST,
            "/compliance/reviews/{submissionId}/decision",
            token ->
                web.post()
                    .uri("/compliance/reviews/{id}/decision", UUID.randomUUID())
                    .headers(h -> h.setBearerAuth(token))
                    .contentType(MediaType.APPLICATION_JSON)
                    .body(BodyInserters.fromValue(Map.of("decision", "approved", "reason", "ok")))
                    .exchange()
                    .returnResult(String.class)
                    .getStatus()
                    .value()));
  }

  /** The documented matrix: who may call what (docs/services/compliance-service.md). */
  private static final List<String> TABLE =
      List.of(
          "POST /compliance/kyc [investor]",
          "GET /compliance/status [investor]",
          "GET /compliance/reviews [compliance_officer, operator]",
          "GET /compliance/reviews/{submissionId} [compliance_officer, operator]",
          "GET /compliance/reviews/{submissionId}/documents/{documentId} [compliance_officer]",
          "POST /compliance/reviews/{submissionId}/decision [compliance_officer, operator]");

  @Test
  void shouldDeclareExactlyTheDocumentedMatrix() {
    RoleMatrixWalker.assertDeclares(matrix, TABLE);
  }

  @Test
  void shouldAllowExactlyTheRolesOfTheMatrixAndRefuseTheOthers() {
    // a real submission and its document, so that allowed reads find them
    String submission = submitValid(newInvestor());
    String document = documentOf(submission);
    // every rule × every role, anonymous and a token without roles: allowed → never 401/403
    // (reads answer 200), denied → 403 forbidden (401 unauthenticated anonymous) problem+json
    var cells =
        RoleMatrixWalker.of(matrix, "http://127.0.0.1:" + port)
            .subjects(RoleMatrixIT::uniqueCaller)
            .pathVariable("submissionId", submission)
            .pathVariable("documentId", document)
            .withTokenWithoutRoles()
            .expectAllowed(rule -> rule.method().equals("GET") ? 200 : null)
            .walk();

    assertThat(cells).hasSize(TABLE.size() * (Roles.ALL.size() + 2));
    // allowed writes with an empty JSON body are refused as bad input, never accepted: no
    // submission stored, no decision taken
    assertThat(cells)
        .filteredOn(c -> c.allowed() && c.method().equals("POST"))
        .allSatisfy(c -> assertThat(c.status()).isBetween(400, 422));
    web.get()
        .uri("/compliance/reviews/{id}", submission)
        .headers(h -> h.setBearerAuth(officerToken()))
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.kycState")
        .isEqualTo("pending")
        .jsonPath("$.decisions.length()")
        .isEqualTo(0);
  }

  @Test
  void shouldRejectMissingExpiredForgedAndForeignTokensOnEveryEndpoint() {
    List<String> badTokens =
        List.of(
            TestJwtIssuer.expiredToken("inv-x", "investor", "compliance_officer"),
            TestJwtIssuer.tamperedToken("inv-x", "investor"),
            TestJwtIssuer.tokenSignedByOtherKey("inv-x", "investor", "compliance_officer"),
            TestJwtIssuer.tokenForAudience("other-api", "inv-x", "investor", "compliance_officer"),
            TestJwtIssuer.tokenFromIssuer(
                "https://evil.example", "inv-x", "investor", "compliance_officer"));
    for (Endpoint endpoint : endpoints()) {
      for (String token : badTokens) {
        assertThat(endpoint.call().apply(token)).as(endpoint.pattern()).isEqualTo(401);
      }
      int anonymous =
          web.method(endpoint.method())
              .uri(
                  endpoint
                      .pattern()
                      .replace("{submissionId}", UUID.randomUUID().toString())
                      .replace("{documentId}", UUID.randomUUID().toString()))
              .exchange()
              .returnResult(String.class)
              .getStatus()
              .value();
      assertThat(anonymous).as(endpoint.pattern()).isEqualTo(401);
    }
  }

  @Test
  void shouldShowEachInvestorOnlyTheirOwnStatus() {
    String alice = newInvestor();
    String bob = newInvestor();
    submitValid(alice);

    status(alice)
        .jsonPath("$.investorId")
        .isEqualTo(alice)
        .jsonPath("$.kycState")
        .isEqualTo("pending");
    status(bob)
        .jsonPath("$.investorId")
        .isEqualTo(bob)
        .jsonPath("$.kycState")
        .isEqualTo("not_started");
  }

  @Test
  void shouldServeHealthProbesWithoutAToken() {
    for (String path :
        List.of("/actuator/health", "/actuator/health/liveness", "/actuator/health/readiness")) {
      web.get()
          .uri(path)
          .exchange()
          .expectStatus()
          .isOk()
          .expectBody()
          .jsonPath("$.status")
          .isEqualTo("UP");
    }
  }

  @Test
  void shouldServeTheGeneratedApiDescriptionWithoutAToken() {
    web.get()
        .uri("/v3/api-docs")
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.paths['/compliance/kyc']")
        .exists();
  }

  private String documentOf(String submission) {
    return ((Map<?, ?>)
            ((List<?>)
                    web.get()
                        .uri("/compliance/reviews/{id}", submission)
                        .headers(h -> h.setBearerAuth(officerToken()))
                        .exchange()
                        .expectBody(Map.class)
                        .returnResult()
                        .getResponseBody()
                        .get("documents"))
                .get(0))
        .get("documentId")
        .toString();
  }

  private int get(String path, String token) {
    return web.get()
        .uri(path)
        .headers(h -> h.setBearerAuth(token))
        .exchange()
        .returnResult(String.class)
        .getStatus()
        .value();
  }

  private static String uniqueCaller(String role) {
    return role + "-" + UUID.randomUUID();
  }
}
