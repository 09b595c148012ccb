package io.equitoken.compliance.kyc;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/** The immutable audit entry of one decision: who decided what, when, and why. Append-only. */
public record DecisionRecord(
    UUID id,
    UUID submissionId,
    String investorId,
    Decision decision,
    Boolean retryable,
    String reason,
    String decidedBy,
    Set<String> decidedByRoles,
    Instant decidedAt) {

  public DecisionRecord {
    decidedByRoles = Set.copyOf(decidedByRoles);
  }

  public static DecisionRecord of(KycSubmission decided, DecisionCommand command) {
    return new DecisionRecord(
        UUID.randomUUID(),
        decided.id(),
        decided.investorId(),
        command.decision(),
        decided.retryable(),
        command.reason(),
        command.officerId(),
        command.officerRoles(),
        decided.decidedAt());
  }
}
