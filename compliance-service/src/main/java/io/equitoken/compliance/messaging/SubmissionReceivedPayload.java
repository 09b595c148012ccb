package io.equitoken.compliance.messaging;

import io.equitoken.compliance.kyc.SubmissionReceived;

/** Wire form of {@code equitoken.compliance.submission.received.v1}. */
record SubmissionReceivedPayload(
    String submissionId, String investorId, String kycState, String receivedAt) {

  static SubmissionReceivedPayload of(SubmissionReceived event) {
    return new SubmissionReceivedPayload(
        event.submissionId().toString(),
        event.investorId(),
        "pending",
        event.receivedAt().toString());
  }
}
