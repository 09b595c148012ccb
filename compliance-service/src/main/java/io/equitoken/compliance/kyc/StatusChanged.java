package io.equitoken.compliance.kyc;

import java.time.Instant;
import java.util.UUID;

/**
 * Fact: an investor's verification state changed. Exactly what other services need to gate orders
 * (state, accreditation, jurisdiction, validity) and nothing more: no name, birth date or document.
 */
public record StatusChanged(
    UUID submissionId,
    String investorId,
    KycState kycState,
    Accreditation accreditation,
    String country,
    Instant decidedAt,
    Instant expiresAt,
    Instant changedAt)
    implements ComplianceEvent {

  public static StatusChanged of(KycSubmission submission, Instant now) {
    return new StatusChanged(
        submission.id(),
        submission.investorId(),
        submission.stateAt(now),
        submission.accreditationAt(now),
        submission.details().countryOfResidence(),
        submission.decidedAt(),
        submission.expiresAt(),
        now);
  }
}
