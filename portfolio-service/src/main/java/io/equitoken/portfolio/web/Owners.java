package io.equitoken.portfolio.web;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.input.QueryParams;
import reactor.core.publisher.Mono;

/**
 * Whose portfolio a request reads. An investor or founder reads their own (their JWT {@code sub});
 * naming anyone else in {@code investorId} is refused. An operator names the investor.
 */
final class Owners {

  static final int MAX_ID_LENGTH = 200;

  private Owners() {}

  static Mono<String> of(String investorId) {
    return Caller.current().map(caller -> owner(caller, investorId));
  }

  static String owner(Caller caller, String investorId) {
    QueryParams.text(investorId, "investorId", MAX_ID_LENGTH);
    if (caller.isOperator()) {
      if (investorId == null) {
        throw Refusal.badRequest(
                "investor-id-required",
                "Operators name the investor whose portfolio they read: ?investorId=<sub>.")
            .withField("investorId")
            .exception();
      }
      return investorId;
    }
    if (investorId != null && !investorId.equals(caller.principalId())) {
      throw Refusal.forbidden(
              "not-your-portfolio", "Only operators may read another principal's portfolio.")
          .withField("investorId")
          .exception();
    }
    return caller.principalId();
  }
}
