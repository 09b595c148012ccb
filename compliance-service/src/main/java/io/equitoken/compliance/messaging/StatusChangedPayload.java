package io.equitoken.compliance.messaging;

import io.equitoken.compliance.kyc.StatusChanged;
import java.time.Instant;

/**
 * Wire form of {@code equitoken.compliance.status.changed.v1}: what a consumer needs to gate an
 * order (state, accreditation, jurisdiction, validity) and nothing personal.
 */
record StatusChangedPayload(
    String investorId,
    String submissionId,
    String kycState,
    String accreditation,
    String accreditationExpiresAt,
    String country,
    String decidedAt,
    String expiresAt,
    String changedAt) {

  static StatusChangedPayload of(StatusChanged event) {
    return new StatusChangedPayload(
        event.investorId(),
        event.submissionId().toString(),
        event.kycState().wire(),
        event.accreditation().wire(),
        text(event.accreditation().expiresAt()),
        event.country(),
        text(event.decidedAt()),
        text(event.expiresAt()),
        event.changedAt().toString());
  }

  private static String text(Instant instant) {
    return instant == null ? null : instant.toString();
  }
}
