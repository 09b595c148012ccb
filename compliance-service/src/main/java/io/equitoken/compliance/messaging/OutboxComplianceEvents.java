package io.equitoken.compliance.messaging;

import io.equitoken.compliance.kyc.ComplianceEvents;
import io.equitoken.compliance.kyc.StatusChanged;
import io.equitoken.compliance.kyc.SubmissionReceived;
import io.equitoken.platform.events.OutboxWriter;
import reactor.core.publisher.Mono;

/**
 * Publishes compliance facts through the platform outbox, keyed by investor id so that one
 * investor's events stay in order on {@value ComplianceTopics#EVENTS}.
 */
public class OutboxComplianceEvents implements ComplianceEvents {

  private final OutboxWriter outbox;

  public OutboxComplianceEvents(OutboxWriter outbox) {
    this.outbox = outbox;
  }

  @Override
  public Mono<Void> submissionReceived(SubmissionReceived event) {
    return outbox.append(
        ComplianceTopics.EVENTS,
        event.investorId(),
        ComplianceTopics.SUBMISSION_RECEIVED,
        event.investorId(),
        SubmissionReceivedPayload.of(event));
  }

  @Override
  public Mono<Void> statusChanged(StatusChanged event) {
    return outbox.append(
        ComplianceTopics.EVENTS,
        event.investorId(),
        ComplianceTopics.STATUS_CHANGED,
        event.investorId(),
        StatusChangedPayload.of(event));
  }
}
