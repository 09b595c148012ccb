package io.equitoken.compliance.kyc;

import java.time.Instant;
import java.util.UUID;

/** Fact: an investor handed in a submission. Carries no personal data by design. */
public record SubmissionReceived(UUID submissionId, String investorId, Instant receivedAt)
    implements ComplianceEvent {}
