package io.equitoken.portfolio.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.core.Roles;
import io.equitoken.platform.test.RoleMatrixWalker;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.web.RoleMatrix;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Every cell of the role matrix, allowed and denied, with real tokens (platform-test's {@link
 * RoleMatrixWalker}); plus the object-level rule: only operators read another principal's data. The
 * table below must name exactly the bean's rules.
 */
class RoleMatrixIT extends PortfolioIntegrationBase {

  private static final Set<String> HOLDERS = Set.of(Roles.INVESTOR, Roles.FOUNDER, Roles.OPERATOR);

  /** The documented matrix: who may call what. */
  private static final List<String> TABLE =
      List.of(
          "GET /investor/portfolio " + new TreeSet<>(HOLDERS),
          "GET /investor/transactions " + new TreeSet<>(HOLDERS),
          "GET /investor/valuation-history " + new TreeSet<>(HOLDERS),
          "GET /portfolio/reconciliation [operator]");

  @Autowired RoleMatrix matrix;
  @LocalServerPort int port;

  @Test
  void shouldDeclareExactlyTheDocumentedMatrix() {
    RoleMatrixWalker.assertDeclares(matrix, TABLE);
  }

  @Test
  void shouldAllowExactlyTheRolesOfTheMatrixAndRefuseTheOthers() {
    // every rule × every role, anonymous and a token without roles: allowed → never 401/403,
    // denied → 403 forbidden (401 unauthenticated anonymous) problem+json
    var cells =
        RoleMatrixWalker.of(matrix, "http://127.0.0.1:" + port).withTokenWithoutRoles().walk();

    assertThat(cells).hasSize(4 * (Roles.ALL.size() + 2));
    // an allowed investor or founder reads their own data; an operator must name the investor
    assertThat(cells)
        .filteredOn(c -> c.path().startsWith("/investor") && !c.role().equals("operator"))
        .filteredOn(c -> c.allowed())
        .allSatisfy(c -> assertThat(c.status()).isEqualTo(200));
    assertThat(cells)
        .filteredOn(c -> c.path().startsWith("/investor") && c.role().equals("operator"))
        .allSatisfy(c -> assertThat(c.status()).isEqualTo(400));
    assertThat(cells)
        .filteredOn(c -> c.path().equals("/portfolio/reconciliation") && c.allowed())
        .allSatisfy(c -> assertThat(c.status()).isEqualTo(200));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("investorPaths")
  void shouldNeverShowAnInvestorAnotherInvestorsData(String path) {
    // given Alice holds tokens
    String token = UUID.randomUUID().toString();
    String alice = "inv-" + UUID.randomUUID();
    String founder = "founder-" + UUID.randomUUID();
    Instant at = Instant.parse("2026-10-01T10:00:00Z");
    market.issue(token, "Private Co", founder, 100, "1", at);
    market.trade(token, alice, founder, 10, "1", true, at.plusSeconds(60));
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> api.portfolio(alice).get("holdings").size() == 1);

    // when another investor or a founder ask for Alice's data, they are refused
    for (String role : List.of(Roles.INVESTOR, Roles.FOUNDER)) {
      api.get(path + "?investorId=" + alice, TestJwtIssuer.token("bob-" + role, role))
          .expectStatus()
          .isForbidden()
          .expectBody()
          .jsonPath("$.code")
          .isEqualTo("not-your-portfolio")
          .jsonPath("$.field")
          .isEqualTo("investorId");
    }
    // and their own answer is their own (empty), never hers
    assertThat(
            api.ok("/investor/portfolio", TestJwtIssuer.token("bob", Roles.INVESTOR))
                .get("holdings"))
        .isEmpty();
    // an operator sees hers only by naming her
    api.get(path, Api.operator())
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("investorId");
    assertThat(
            api.ok("/investor/portfolio?investorId=" + alice, Api.operator())
                .get("holdings")
                .get(0)
                .get("tokenId")
                .asString())
        .isEqualTo(token);
  }

  static Stream<String> investorPaths() {
    return Stream.of(
        "/investor/portfolio", "/investor/transactions", "/investor/valuation-history");
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
