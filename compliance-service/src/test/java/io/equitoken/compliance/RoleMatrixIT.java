package io.equitoken.compliance;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.web.RoleMatrix;
import io.equitoken.platform.web.Roles;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.BodyInserters;

/**
 * Every cell of the role matrix, with real signed tokens: each role is let through (to the handler,
 * whatever it then answers) or refused with 403, exactly as the RoleMatrix bean says.
 */
class RoleMatrixIT extends IntegrationTestSupport {

  @Autowired RoleMatrix matrix;

  private record Endpoint(HttpMethod method, String pattern, Function<String, Integer> call) {}

  private List<Endpoint> endpoints() {
    String submission = submitValid(newInvestor());
    String document =
        ((Map<?, ?>)
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

  @Test
  void shouldAllowAndDenyEveryRoleOnEveryEndpointAsTheMatrixSays() {
    List<Endpoint> endpoints = endpoints();
    assertThat(endpoints)
        .extracting(Endpoint::pattern)
        .containsExactlyInAnyOrderElementsOf(
            matrix.rules().stream().map(RoleMatrix.Rule::pathPattern).toList());

    for (Endpoint endpoint : endpoints) {
      RoleMatrix.Rule rule =
          matrix.rules().stream()
              .filter(
                  r ->
                      r.pathPattern().equals(endpoint.pattern()) && r.method() == endpoint.method())
              .findFirst()
              .orElseThrow();
      for (String role : Roles.ALL) {
        int status = endpoint.call().apply(TestJwtIssuer.token(uniqueCaller(role), role));
        String cell = endpoint.method() + " " + endpoint.pattern() + " as " + role;
        if (rule.roles().contains(role)) {
          assertThat(status).as(cell).isNotIn(401, 403).isLessThan(500);
        } else {
          assertThat(status).as(cell).isEqualTo(403);
        }
      }
    }
  }

  @Test
  void shouldPinTheMatrixToTheDocumentedAccess() {
    assertThat(rolesOf("/compliance/kyc")).containsExactly(Roles.INVESTOR);
    assertThat(rolesOf("/compliance/status")).containsExactly(Roles.INVESTOR);
    assertThat(rolesOf("/compliance/reviews"))
        .containsExactlyInAnyOrder(Roles.COMPLIANCE_OFFICER, Roles.OPERATOR);
    assertThat(rolesOf("/compliance/reviews/{submissionId}"))
        .containsExactlyInAnyOrder(Roles.COMPLIANCE_OFFICER, Roles.OPERATOR);
    assertThat(rolesOf("/compliance/reviews/{submissionId}/documents/{documentId}"))
        .containsExactly(Roles.COMPLIANCE_OFFICER);
    assertThat(rolesOf("/compliance/reviews/{submissionId}/decision"))
        .containsExactlyInAnyOrder(Roles.COMPLIANCE_OFFICER, Roles.OPERATOR);
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

  private List<String> rolesOf(String pattern) {
    return matrix.rules().stream()
        .filter(r -> r.pathPattern().equals(pattern))
        .flatMap(r -> r.roles().stream())
        .toList();
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
