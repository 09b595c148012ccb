package io.equitoken.compliance.web;

import io.equitoken.compliance.kyc.Accreditation;
import io.equitoken.compliance.kyc.ComplianceStatus;
import java.time.Instant;
import java.util.List;

/** The caller's own compliance status (GET /compliance/status). */
public record StatusResponse(
    String investorId,
    String kycState,
    AccreditationView accreditation,
    String country,
    String submissionId,
    String submittedAt,
    String decidedAt,
    String expiresAt,
    String reason,
    Boolean retryable,
    boolean canSubmit,
    String nextStep,
    List<String> missing) {

  /** {@code status} is {@code none} or {@code accredited}; the rest only when accredited. */
  public record AccreditationView(String status, String basis, String expiresAt) {
    static AccreditationView of(Accreditation accreditation) {
      return new AccreditationView(
          accreditation.wire(),
          accreditation.basis() == null ? null : accreditation.basis().wire(),
          text(accreditation.expiresAt()));
    }
  }

  static StatusResponse of(ComplianceStatus status) {
    return new StatusResponse(
        status.investorId(),
        status.kycState().wire(),
        AccreditationView.of(status.accreditation()),
        status.country(),
        status.submissionId() == null ? null : status.submissionId().toString(),
        text(status.submittedAt()),
        text(status.decidedAt()),
        text(status.expiresAt()),
        status.reason(),
        status.retryable(),
        status.canSubmit(),
        status.nextStep(),
        status.missing());
  }

  static String text(Instant instant) {
    return instant == null ? null : instant.toString();
  }
}
