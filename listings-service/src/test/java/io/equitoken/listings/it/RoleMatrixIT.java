package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.RoleMatrixWalker;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.web.RoleMatrix;
import io.equitoken.platform.web.Roles;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every cell of the role matrix, allowed and denied, with real tokens (platform-test's {@link
 * RoleMatrixWalker}): an allowed role gets the endpoint's success answer (a founder on their own
 * listing), a denied role a 403 problem and no change. The table below must name exactly the rules
 * of the {@link RoleMatrix} bean.
 */
class RoleMatrixIT extends ListingsIntegrationTest {

  private static final Set<String> ANY = Set.copyOf(Roles.ALL);
  private static final Set<String> WRITERS = Set.of(Roles.FOUNDER, Roles.OPERATOR);
  private static final Set<String> OPERATORS = Set.of(Roles.OPERATOR);

  /** One endpoint: who may call it and what it answers when allowed. */
  enum Endpoint {
    LIST(HttpMethod.GET, "/listings", ANY, HttpStatus.OK, "active"),
    DETAIL(HttpMethod.GET, "/listings/{id}", ANY, HttpStatus.OK, "active"),
    TOKEN(HttpMethod.GET, "/tokens/{tokenId}", ANY, HttpStatus.OK, "active"),
    COMPARTMENT(HttpMethod.GET, "/tokens/{tokenId}/compartment", ANY, HttpStatus.OK, "active"),
    CREATE(HttpMethod.POST, "/listings", WRITERS, HttpStatus.CREATED, null),
    EDIT(HttpMethod.PATCH, "/listings/{id}", WRITERS, HttpStatus.OK, "draft"),
    PUBLISH(HttpMethod.POST, "/listings/{id}/publish", WRITERS, HttpStatus.OK, "draft+token"),
    CLOSE(HttpMethod.POST, "/listings/{id}/close", WRITERS, HttpStatus.OK, "active"),
    ISSUE(HttpMethod.POST, "/listings/{id}/token", WRITERS, HttpStatus.CREATED, "draft"),
    SUSPEND(HttpMethod.POST, "/listings/{id}/suspend", OPERATORS, HttpStatus.OK, "active"),
    REACTIVATE(HttpMethod.POST, "/listings/{id}/reactivate", OPERATORS, HttpStatus.OK, "suspended");

    final HttpMethod method;
    final String pattern;
    final Set<String> allowed;
    final HttpStatus success;
    final String needs;

    Endpoint(
        HttpMethod method, String pattern, Set<String> allowed, HttpStatus success, String needs) {
      this.method = method;
      this.pattern = pattern;
      this.allowed = allowed;
      this.success = success;
      this.needs = needs;
    }

    static Endpoint of(RoleMatrixWalker.Rule rule) {
      return Stream.of(values())
          .filter(
              e -> e.method.name().equals(rule.method()) && e.pattern.equals(rule.pathPattern()))
          .findFirst()
          .orElseThrow(() -> new AssertionError("no endpoint in this test for " + rule));
    }
  }

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Autowired RoleMatrix matrix;
  @LocalServerPort int port;

  @Test
  void shouldTestExactlyTheRulesOfTheRoleMatrixBean() {
    RoleMatrixWalker.assertDeclares(
        matrix,
        Stream.of(Endpoint.values())
            .map(e -> RoleMatrixWalker.row(e.method.name(), e.pattern, e.allowed))
            .toList());
  }

  @Test
  void shouldAllowExactlyTheRolesOfTheMatrix() {
    // every endpoint × every role, anonymous and a token without roles; each caller (a founder
    // acting on their own listing) on a listing in the state the endpoint needs: an allowed role
    // gets the endpoint's success answer, a denied one a 403 forbidden (401 unauthenticated
    // anonymous) problem and nothing changes
    var cells =
        RoleMatrixWalker.of(matrix, "http://127.0.0.1:" + port)
            .subjects(caller -> caller + "-" + UUID.randomUUID())
            .withTokenWithoutRoles()
            .prepare(
                (rule, role, subject) ->
                    prepare(
                        Endpoint.of(rule), Roles.FOUNDER.equals(role) ? subject : Api.newFounder()))
            .expectAllowed(rule -> Endpoint.of(rule).success.value())
            .afterEach(
                cell -> {
                  if (!cell.allowed() && cell.context() instanceof Target target) {
                    assertThat(
                            Api.json(
                                    api.call(
                                        HttpMethod.GET,
                                        "/listings/" + target.listingId,
                                        Api.operator(),
                                        null))
                                .get("status")
                                .asString())
                        .as("%s changed nothing", cell)
                        .isEqualTo(target.status);
                  }
                })
            .walk();

    assertThat(cells).hasSize(Endpoint.values().length * (Roles.ALL.size() + 2));
  }

  static Stream<Arguments> badTokens() {
    return Stream.of(
        Arguments.of("expired", TestJwtIssuer.expiredToken("inv", "investor")),
        Arguments.of("tampered", TestJwtIssuer.tamperedToken("inv", "investor")),
        Arguments.of(
            "signed by another key", TestJwtIssuer.tokenSignedByOtherKey("inv", "investor")),
        Arguments.of(
            "for another audience", TestJwtIssuer.tokenForAudience("other-api", "inv", "investor")),
        Arguments.of(
            "from another issuer",
            TestJwtIssuer.tokenFromIssuer("https://evil.example", "inv", "investor")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badTokens")
  void shouldAnswer401ForAnInvalidToken(String why, String token) {
    api.call(HttpMethod.GET, "/listings", token, null)
        .expectStatus()
        .isUnauthorized()
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("invalid-token");
  }

  private record Target(String listingId, String status) {}

  private RoleMatrixWalker.Request prepare(Endpoint endpoint, String owner) {
    String body = body(endpoint) == null ? null : JSON.writeValueAsString(body(endpoint));
    if (endpoint.needs == null) {
      return RoleMatrixWalker.Request.of(endpoint.pattern, body);
    }
    String id;
    String status;
    switch (endpoint.needs) {
      case "draft" -> {
        id = api.draft(owner);
        status = "draft";
      }
      case "draft+token" -> {
        id = api.draft(owner);
        api.issue(owner, id);
        status = "draft";
      }
      default -> {
        id = api.inStatus(owner, endpoint.needs);
        status = endpoint.needs;
      }
    }
    String tokenId = Api.text(api.get("/listings/" + id, Api.operator()), "tokenId");
    String uri =
        endpoint.pattern.equals("/listings")
            ? "/listings"
            : endpoint
                .pattern
                .replace("{id}", id)
                .replace("{tokenId}", tokenId == null ? "none" : tokenId);
    return RoleMatrixWalker.Request.of(uri, body).withContext(new Target(id, status));
  }

  private static Object body(Endpoint endpoint) {
    return switch (endpoint) {
      case CREATE -> Api.listingBody("Matrix " + UUID.randomUUID(), "ai", "seed", "FR");
      case EDIT -> Map.of("description", "Edited by the matrix test.");
      case ISSUE -> Api.tokenBody(Api.newIsin());
      default -> null;
    };
  }
}
