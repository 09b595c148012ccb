package io.equitoken.compliance.web;

import io.equitoken.compliance.kyc.DocumentType;
import io.equitoken.compliance.kyc.KycSubmission;
import java.time.Instant;
import java.util.List;

/** A queue entry: enough to pick the next submission, without the personal details. */
public record ReviewSummary(
    String submissionId,
    String investorId,
    String kycState,
    String submittedAt,
    String country,
    boolean accreditationClaimed,
    List<String> documentTypes) {

  static ReviewSummary of(KycSubmission s, Instant now) {
    return new ReviewSummary(
        s.id().toString(),
        s.investorId(),
        s.stateAt(now).wire(),
        s.submittedAt().toString(),
        s.details().countryOfResidence(),
        s.details().accreditationClaim() != null,
        s.details().documentTypes().stream().map(DocumentType::wire).toList());
  }
}
