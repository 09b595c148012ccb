package io.equitoken.portfolio.web;

import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.ProblemException;
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
    if (investorId != null && (investorId.isBlank() || investorId.length() > MAX_ID_LENGTH)) {
      throw ProblemException.badRequest(
              "invalid-investor-id",
              "investorId must be a principal id of 1 to " + MAX_ID_LENGTH + " characters.")
          .with("field", "investorId");
    }
    if (caller.isOperator()) {
      if (investorId == null) {
        throw ProblemException.badRequest(
                "investor-id-required",
                "Operators name the investor whose portfolio they read: ?investorId=<sub>.")
            .with("field", "investorId");
      }
      return investorId;
    }
    if (investorId != null && !investorId.equals(caller.principalId())) {
      throw ProblemException.forbidden(
              "not-your-portfolio", "Only operators may read another principal's portfolio.")
          .with("field", "investorId");
    }
    return caller.principalId();
  }
}
