package io.equitoken.compliance.kyc;

/**
 * A compliance fact that is published (through the transactional outbox, so a fact is published if
 * and only if the change it describes was committed). The investor id orders one investor's events.
 */
public sealed interface ComplianceEvent permits SubmissionReceived, StatusChanged {

  /** The investor the fact is about. */
  String investorId();
}
