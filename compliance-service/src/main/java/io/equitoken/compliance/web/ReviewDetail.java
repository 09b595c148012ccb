package io.equitoken.compliance.web;

import io.equitoken.compliance.kyc.DecisionRecord;
import io.equitoken.compliance.kyc.KycSubmission;
import io.equitoken.compliance.kyc.Reviews;
import java.time.Instant;
import java.util.List;

/** One submission as an officer reviews it: details, document metadata, decision history. */
public record ReviewDetail(
    String submissionId,
    String investorId,
    String kycState,
    String submittedAt,
    Details details,
    List<DocumentView> documents,
    String decidedAt,
    String decidedBy,
    String reason,
    Boolean retryable,
    String expiresAt,
    List<DecisionEntry> decisions) {

  /** The personal details as submitted. */
  public record Details(
      String legalName, String dateOfBirth, String countryOfResidence, String accreditationClaim) {}

  /** One immutable audit entry. */
  public record DecisionEntry(
      String decisionId,
      String decision,
      Boolean retryable,
      String reason,
      String decidedBy,
      List<String> decidedByRoles,
      String decidedAt) {

    static DecisionEntry of(DecisionRecord r) {
      return new DecisionEntry(
          r.id().toString(),
          r.decision().wire(),
          r.retryable(),
          r.reason(),
          r.decidedBy(),
          r.decidedByRoles().stream().sorted().toList(),
          r.decidedAt().toString());
    }
  }

  static ReviewDetail of(Reviews.Review review, Instant now) {
    KycSubmission s = review.submission();
    String id = s.id().toString();
    return new ReviewDetail(
        id,
        s.investorId(),
        s.stateAt(now).wire(),
        s.submittedAt().toString(),
        new Details(
            s.details().legalName(),
            s.details().dateOfBirth().toString(),
            s.details().countryOfResidence(),
            s.details().accreditationClaim() == null
                ? null
                : s.details().accreditationClaim().wire()),
        review.documents().stream().map(d -> DocumentView.of(d, id)).toList(),
        StatusResponse.text(s.decidedAt()),
        s.decidedBy(),
        s.reason(),
        s.retryable(),
        StatusResponse.text(s.expiresAt()),
        review.decisions().stream().map(DecisionEntry::of).toList());
  }
}
