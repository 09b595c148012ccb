package io.equitoken.compliance.kyc;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * What an investor sees about their own verification, derived from their latest submission at a
 * given instant, including the next thing they should do, in plain words.
 *
 * @param reason the officer's reason, shown only for rejected and revision_required
 */
public record ComplianceStatus(
    String investorId,
    KycState kycState,
    Accreditation accreditation,
    String country,
    UUID submissionId,
    Instant submittedAt,
    Instant decidedAt,
    Instant expiresAt,
    String reason,
    Boolean retryable,
    boolean canSubmit,
    String nextStep,
    List<String> missing) {

  static final List<String> EVERYTHING =
      List.of(
          "personal details (legal name, date of birth, country of residence)",
          "an identity document (passport or national_id)",
          "a proof_of_address document");

  public ComplianceStatus {
    missing = List.copyOf(missing);
  }

  public static ComplianceStatus of(String investorId, KycSubmission latest, Instant now) {
    if (latest == null) {
      return new ComplianceStatus(
          investorId,
          KycState.NOT_STARTED,
          Accreditation.NONE,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          true,
          "Submit your personal details and documents with POST /compliance/kyc.",
          EVERYTHING);
    }
    KycState state = latest.stateAt(now);
    boolean explained = state == KycState.REJECTED || state == KycState.REVISION_REQUIRED;
    return new ComplianceStatus(
        investorId,
        state,
        latest.accreditationAt(now),
        latest.details().countryOfResidence(),
        latest.id(),
        latest.submittedAt(),
        latest.decidedAt(),
        latest.expiresAt(),
        explained ? latest.reason() : null,
        state == KycState.REJECTED ? latest.retryable() : null,
        latest.resubmissionBlockedAt(now) == null,
        nextStep(latest, state),
        missing(state));
  }

  private static String nextStep(KycSubmission latest, KycState state) {
    return switch (state) {
      case PENDING ->
          "Nothing to do: your submission is waiting for review by a compliance officer.";
      case APPROVED ->
          "Nothing to do: you are verified until "
              + latest.expiresAt()
              + "; submit again after that date to renew.";
      case REVISION_REQUIRED ->
          "Revise your submission as the officer asked and submit it again with POST /compliance/kyc: "
              + latest.reason();
      case REJECTED ->
          Boolean.TRUE.equals(latest.retryable())
              ? "Your submission was rejected; correct it and submit again with POST /compliance/kyc: "
                  + latest.reason()
              : "Your submission was rejected as final; contact support if you believe this is wrong.";
      case EXPIRED ->
          "Your verification expired on "
              + latest.expiresAt()
              + "; submit current details and documents with POST /compliance/kyc to renew it.";
      case NOT_STARTED ->
          throw new IllegalStateException("A stored submission is never not_started");
    };
  }

  private static List<String> missing(KycState state) {
    return state == KycState.EXPIRED ? EVERYTHING : List.of();
  }
}
