package io.equitoken.portfolio.it;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.MediaType;

/** Every bad query parameter answers a 400 problem that names it; never a 500. */
class BadQueryIT extends PortfolioIntegrationBase {

  static Stream<Arguments> badQueries() {
    return Stream.of(
        Arguments.of("/investor/transactions?type=gift", "type"),
        Arguments.of("/investor/transactions?type=", "type"),
        Arguments.of("/investor/transactions?from=yesterday", "from"),
        Arguments.of("/investor/transactions?to=2026-13-01T00:00:00Z", "to"),
        Arguments.of(
            "/investor/transactions?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z", "from"),
        Arguments.of("/investor/transactions?limit=0", "limit"),
        Arguments.of("/investor/transactions?limit=101", "limit"),
        Arguments.of("/investor/transactions?limit=ten", "limit"),
        Arguments.of("/investor/transactions?cursor=not-a-cursor", "cursor"),
        Arguments.of("/investor/transactions?cursor=YQ", "cursor"),
        Arguments.of("/investor/transactions?tokenId=", "tokenId"),
        Arguments.of("/investor/valuation-history?interval=hour", "interval"),
        Arguments.of("/investor/valuation-history?includeCash=1", "includeCash"),
        Arguments.of("/investor/transactions?type=payout", "type"),
        Arguments.of("/investor/valuation-history?from=2026-11-01", "from"),
        Arguments.of("/investor/valuation-history?to=now", "to"),
        Arguments.of(
            "/investor/valuation-history?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z",
            "from"),
        Arguments.of(
            "/investor/valuation-history?from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z",
            "from"),
        Arguments.of(
            "/investor/valuation-history?from=2025-01-01T00:00:00Z&to=2026-06-01T00:00:00Z&interval=event",
            "from"),
        Arguments.of("/investor/portfolio?investorId=", "investorId"));
  }

  @ParameterizedTest(name = "{0} → 400 naming {1}")
  @MethodSource("badQueries")
  void shouldAnswer400NamingTheParameter(String uri, String field) {
    api.get(uri, Api.investor("inv-bad-query"))
        .expectStatus()
        .isBadRequest()
        .expectHeader()
        .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo(field);
  }
}
