package io.equitoken.compliance.kyc;

import io.equitoken.platform.core.Refusal;
import java.util.Set;

/**
 * An officer's decision on a submission, with the reason that goes into the audit trail.
 *
 * @param retryable meaningful for rejections only: may the investor submit again?
 */
public record DecisionCommand(
    String officerId,
    Set<String> officerRoles,
    Decision decision,
    boolean retryable,
    String reason) {

  static final int MAX_REASON_LENGTH = 2000;

  public DecisionCommand {
    officerRoles = Set.copyOf(officerRoles);
    reason = reason == null ? "" : reason.strip();
    if (reason.isEmpty() || reason.length() > MAX_REASON_LENGTH) {
      throw Refusal.of(
              Refusal.Kind.BAD_REQUEST,
              "validation-failed",
              "reason is required (1 to 2000 characters): every decision says why.")
          .with("field", "reason")
          .exception();
    }
    if (retryable && decision != Decision.REJECTED) {
      throw Refusal.of(
              Refusal.Kind.BAD_REQUEST,
              "validation-failed",
              "retryable applies to rejections only; revision_required always allows resubmission.")
          .with("field", "retryable")
          .exception();
    }
  }
}
