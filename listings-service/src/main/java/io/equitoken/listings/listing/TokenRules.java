package io.equitoken.listings.listing;

import io.equitoken.listings.token.Isin;
import io.equitoken.platform.core.Refusal;
import java.math.BigDecimal;
import java.util.Optional;

/** The domain's checks on a token issuance that bean validation at the edge cannot express. */
final class TokenRules {

  private TokenRules() {}

  static Optional<Refusal> check(TokenIssuance issue) {
    Isin.Problem isin = Isin.check(issue.isin());
    if (isin != Isin.Problem.NONE) {
      return Optional.of(invalid("invalid-isin", "isin " + isin.message + ".", "isin"));
    }
    if (issue.valuation() != null) {
      BigDecimal expected = issue.initialPrice().multiply(issue.supply());
      if (issue.valuation().compareTo(expected) != 0) {
        return Optional.of(
            invalid(
                "valuation-mismatch",
                "valuation must equal initialPrice × supply ("
                    + expected.stripTrailingZeros().toPlainString()
                    + "); omit it to have it computed.",
                "valuation"));
      }
    }
    return Optional.empty();
  }

  private static Refusal invalid(String code, String detail, String field) {
    return Refusal.of(Refusal.Kind.BAD_REQUEST, code, detail).withField(field);
  }
}
