package io.equitoken.compliance.web;

import io.equitoken.compliance.kyc.KycSubmission;

/** The submission as decided. */
public record DecisionResponse(
    String submissionId,
    String investorId,
    String kycState,
    Boolean retryable,
    String reason,
    String decidedBy,
    String decidedAt,
    String expiresAt) {

  static DecisionResponse of(KycSubmission decided) {
    return new DecisionResponse(
        decided.id().toString(),
        decided.investorId(),
        decided.state().wire(),
        decided.retryable(),
        decided.reason(),
        decided.decidedBy(),
        decided.decidedAt().toString(),
        StatusResponse.text(decided.expiresAt()));
  }
}
