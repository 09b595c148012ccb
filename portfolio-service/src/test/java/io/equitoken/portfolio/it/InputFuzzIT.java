package io.equitoken.portfolio.it;

import io.equitoken.platform.test.FuzzInputs;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every query parameter of the portfolio API fuzzed with platform-test's {@link FuzzInputs} (all of
 * Unicode, controls and lone surrogates included, plus known troublemakers), one parameter at a
 * time so that each is reached: never a 5xx, and a 4xx is problem+json. The API only reads, so
 * nothing may ever change the read model (its rows are counted around each call).
 */
class InputFuzzIT extends PortfolioIntegrationBase {

  private static final int TRIES = 40;
  private static final String INVESTOR = "inv-fuzz";

  /** Path → the query parameters an investor sends about their own portfolio. */
  private static final Map<String, List<String>> PARAMETERS = new LinkedHashMap<>();

  /** Path → what only an operator sends: the investor whose portfolio is read. */
  private static final Map<String, List<String>> OPERATOR_PARAMETERS = new LinkedHashMap<>();

  static {
    PARAMETERS.put(
        "/investor/transactions", List.of("type", "tokenId", "from", "to", "limit", "cursor"));
    PARAMETERS.put("/investor/valuation-history", List.of("from", "to", "interval", "includeCash"));
    for (String path :
        List.of("/investor/portfolio", "/investor/transactions", "/investor/valuation-history")) {
      OPERATOR_PARAMETERS.put(path, List.of("investorId"));
    }
  }

  @Test
  void shouldNeverAnswer5xxForFuzzedQueryParameters() {
    String investor = Api.investor(INVESTOR);
    String operator = Api.operator();
    // valid values too, so that the other checks behind each parameter are reached
    for (String value :
        FuzzInputs.sample(TRIES, "2026-11-01T00:00:00Z", "trade", "week", "100", INVESTOR)) {
      FuzzInputs.checkQueryParameters(web, investor, PARAMETERS, value, this::rows);
      FuzzInputs.checkQueryParameters(web, operator, OPERATOR_PARAMETERS, value, this::rows);
      // no parameters: an unknown one named and valued by the fuzz must not matter either
      FuzzInputs.check(
          "GET /portfolio/reconciliation ?<value>=<value>",
          value,
          web.get()
              .uri(
                  b ->
                      b.path("/portfolio/reconciliation")
                          .queryParam("{n}", "{v}")
                          .build(value, value))
              .headers(h -> h.setBearerAuth(operator)),
          this::rows);
    }
  }

  private long rows() {
    return count(
        "select (select count(*) from holding_change) + (select count(*) from holding)"
            + " + (select count(*) from price_point)");
  }
}
