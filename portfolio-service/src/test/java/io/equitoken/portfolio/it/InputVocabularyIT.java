package io.equitoken.portfolio.it;

import io.equitoken.platform.test.InputVocabulary;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The platform's one vocabulary of input mistakes (docs/conventions.md, "Input mistakes"), as
 * portfolio answers it: the code names the kind of mistake, {@code field} the parameter. Portfolio
 * has no UUID parameter (ids are principal and token ids) and no request body.
 */
class InputVocabularyIT extends PortfolioIntegrationBase {

  static Stream<Arguments> mistakes() {
    return Stream.of(
        Arguments.of("/investor/transactions?from=yesterday", "invalid-parameter", "from"),
        Arguments.of(
            "/investor/valuation-history?to=2026-13-01T00:00:00Z", "invalid-parameter", "to"),
        Arguments.of("/investor/transactions?type=gift", "invalid-parameter", "type"),
        Arguments.of(
            "/investor/valuation-history?includeCash=1", "invalid-parameter", "includeCash"),
        Arguments.of("/investor/transactions?tokenId=", "invalid-parameter", "tokenId"),
        Arguments.of("/investor/portfolio?investorId=", "invalid-parameter", "investorId"),
        Arguments.of(
            "/investor/transactions?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z",
            "invalid-range",
            "from"),
        Arguments.of("/investor/transactions?limit=0", "invalid-limit", "limit"),
        Arguments.of("/investor/transactions?limit=ten", "invalid-limit", "limit"),
        Arguments.of("/investor/transactions?limit=2.5", "invalid-limit", "limit"),
        Arguments.of("/investor/transactions?cursor=not-a-cursor", "invalid-cursor", "cursor"),
        Arguments.of("/investor/transactions?cursor=YQ", "invalid-cursor", "cursor"),
        // three parts, but the first is no timestamp
        Arguments.of("/investor/transactions?cursor=eB94H3g", "invalid-cursor", "cursor"));
  }

  @ParameterizedTest(name = "{0} → 400 {1} naming {2}")
  @MethodSource("mistakes")
  void shouldAnswerTheOneCodeOfEachMistake(String uri, String code, String field) {
    InputVocabulary.assertMistake(api.get(uri, Api.investor("inv-vocabulary")), code, field);
  }
}
