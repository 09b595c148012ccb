package io.equitoken.compliance.web;

import io.equitoken.compliance.kyc.KycSubmissions;
import java.util.List;

/** Answer to a KYC submission: its id, its state, and what was kept of each document. */
public record SubmissionResponse(
    String submissionId, String kycState, String submittedAt, List<DocumentView> documents) {

  static SubmissionResponse of(KycSubmissions.Submitted submitted) {
    return new SubmissionResponse(
        submitted.submission().id().toString(),
        submitted.submission().state().wire(),
        submitted.submission().submittedAt().toString(),
        submitted.documents().stream().map(d -> DocumentView.of(d, null)).toList());
  }
}
