package io.equitoken.portfolio.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.web.RoleMatrix;
import io.equitoken.platform.web.Roles;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;

/**
 * Every cell of the role matrix, allowed and denied, with real tokens; plus the object-level rule:
 * only operators read another principal's portfolio. The table must name exactly the bean's rules.
 */
class RoleMatrixIT extends PortfolioIntegrationTest {

  private static final Set<String> HOLDERS = Set.of(Roles.INVESTOR, Roles.FOUNDER, Roles.OPERATOR);
  private static final Set<String> OPERATORS = Set.of(Roles.OPERATOR);

  enum Endpoint {
    PORTFOLIO("/investor/portfolio", HOLDERS),
    TRANSACTIONS("/investor/transactions", HOLDERS),
    VALUATION_HISTORY("/investor/valuation-history", HOLDERS),
    RECONCILIATION("/portfolio/reconciliation", OPERATORS);

    final String path;
    final Set<String> allowed;

    Endpoint(String path, Set<String> allowed) {
      this.path = path;
      this.allowed = allowed;
    }
  }

  @Autowired RoleMatrix matrix;

  @Test
  void shouldTestExactlyTheRulesOfTheRoleMatrixBean() {
    Set<String> declared =
        matrix.rules().stream()
            .map(r -> r.method() + " " + r.pathPattern() + " " + new TreeSet<>(r.roles()))
            .collect(Collectors.toSet());
    Set<String> tested =
        Stream.of(Endpoint.values())
            .map(e -> "GET " + e.path + " " + new TreeSet<>(e.allowed))
            .collect(Collectors.toSet());
    assertThat(tested).isEqualTo(declared);
  }

  static Stream<Arguments> cells() {
    List<Arguments> cells = new ArrayList<>();
    for (Endpoint endpoint : Endpoint.values()) {
      for (String role : Roles.ALL) {
        cells.add(Arguments.of(endpoint, role, endpoint.allowed.contains(role)));
      }
    }
    return cells.stream();
  }

  @ParameterizedTest(name = "{0} as {1}: allowed={2}")
  @MethodSource("cells")
  void shouldAllowExactlyTheRolesOfTheMatrix(Endpoint endpoint, String role, boolean allowed) {
    // given a caller with the role (an operator names the investor, as it must)
    String sub = role + "-" + UUID.randomUUID();
    String uri =
        endpoint.path
            + (role.equals(Roles.OPERATOR) && endpoint != Endpoint.RECONCILIATION
                ? "?investorId=inv-" + UUID.randomUUID()
                : "");

    // when it calls the endpoint
    var response = api.get(uri, TestJwtIssuer.token(sub, role));

    // then success if the role is allowed, else a 403 problem
    if (allowed) {
      response.expectStatus().isOk();
    } else {
      response
          .expectStatus()
          .isForbidden()
          .expectHeader()
          .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
          .expectBody()
          .jsonPath("$.code")
          .isEqualTo("forbidden");
    }
  }

  @ParameterizedTest(name = "{0} without a token")
  @MethodSource("endpoints")
  void shouldAnswer401WithoutAToken(Endpoint endpoint) {
    api.get(endpoint.path, null)
        .expectStatus()
        .isUnauthorized()
        .expectHeader()
        .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON);
  }

  @ParameterizedTest(name = "{0} with a token without roles")
  @MethodSource("endpoints")
  void shouldDenyATokenWithoutRoles(Endpoint endpoint) {
    api.get(endpoint.path, TestJwtIssuer.token("nobody")).expectStatus().isForbidden();
  }

  static Stream<Endpoint> endpoints() {
    return Stream.of(Endpoint.values());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("investorEndpoints")
  void shouldNeverShowAnInvestorAnotherInvestorsData(Endpoint endpoint) {
    // given Alice holds tokens
    String token = UUID.randomUUID().toString();
    String alice = "inv-" + UUID.randomUUID();
    String founder = "founder-" + UUID.randomUUID();
    Instant at = Instant.parse("2026-10-01T10:00:00Z");
    market.issue(token, "Private Co", founder, 100, "1", at);
    market.trade(token, alice, founder, 10, "1", true, at.plusSeconds(60));
    org.awaitility.Awaitility.await()
        .atMost(java.time.Duration.ofSeconds(60))
        .until(() -> api.portfolio(alice).get("holdings").size() == 1);

    // when Bob, an investor, or the founder ask for Alice's data, they are refused
    for (String role : List.of(Roles.INVESTOR, Roles.FOUNDER)) {
      api.get(endpoint.path + "?investorId=" + alice, TestJwtIssuer.token("bob-" + role, role))
          .expectStatus()
          .isForbidden()
          .expectBody()
          .jsonPath("$.code")
          .isEqualTo("not-your-portfolio")
          .jsonPath("$.field")
          .isEqualTo("investorId");
    }
    // and an operator sees it only by naming her
    api.get(endpoint.path, Api.operator())
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("investorId");
    assertThat(
            api.ok("/investor/portfolio?investorId=" + alice, Api.operator())
                .get("investorId")
                .asString())
        .isEqualTo(alice);
  }

  static Stream<Endpoint> investorEndpoints() {
    return Stream.of(Endpoint.PORTFOLIO, Endpoint.TRANSACTIONS, Endpoint.VALUATION_HISTORY);
  }

  static Stream<Arguments> badTokens() {
    return Stream.of(
        Arguments.of("expired", TestJwtIssuer.expiredToken("inv", "investor")),
        Arguments.of("tampered", TestJwtIssuer.tamperedToken("inv", "investor")),
        Arguments.of(
            "signed by another key", TestJwtIssuer.tokenSignedByOtherKey("inv", "investor")),
        Arguments.of(
            "for another audience", TestJwtIssuer.tokenForAudience("other", "inv", "investor")),
        Arguments.of(
            "from another issuer",
            TestJwtIssuer.tokenFromIssuer("https://evil.example", "inv", "investor")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badTokens")
  void shouldAnswer401ForAnInvalidToken(String why, String token) {
    api.get("/investor/portfolio", token)
        .expectStatus()
        .isUnauthorized()
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("invalid-token");
  }
}
