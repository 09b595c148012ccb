package io.equitoken.compliance.kyc;

import reactor.core.publisher.Mono;

/**
 * Port: publishes compliance facts. Implementations must join the caller's transaction (outbox), so
 * that a fact is published if and only if the change it describes was committed.
 */
public interface ComplianceEvents {

  Mono<Void> submissionReceived(SubmissionReceived event);

  Mono<Void> statusChanged(StatusChanged event);
}
