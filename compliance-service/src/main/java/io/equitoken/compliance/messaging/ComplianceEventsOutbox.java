package io.equitoken.compliance.messaging;

import io.equitoken.compliance.kyc.ComplianceEvent;
import io.equitoken.compliance.kyc.StatusChanged;
import io.equitoken.compliance.kyc.SubmissionReceived;
import io.equitoken.platform.events.OutboxPublisher;
import io.equitoken.platform.events.OutboxPublisher.Outgoing;
import io.equitoken.platform.events.OutboxWriter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Publishes compliance facts on {@value ComplianceTopics#EVENTS} through the transactional outbox,
 * keyed (and with the subject) by the investor id so that one investor's events stay in order.
 */
@Configuration(proxyBeanMethods = false)
class ComplianceEventsOutbox {

  @Bean
  OutboxPublisher<ComplianceEvent> complianceEvents(OutboxWriter outbox) {
    return OutboxPublisher.<ComplianceEvent>builder(outbox)
        .on(
            SubmissionReceived.class,
            e ->
                Outgoing.of(
                    ComplianceTopics.EVENTS,
                    e.investorId(),
                    ComplianceTopics.SUBMISSION_RECEIVED,
                    SubmissionReceivedPayload.of(e)))
        .on(
            StatusChanged.class,
            e ->
                Outgoing.of(
                    ComplianceTopics.EVENTS,
                    e.investorId(),
                    ComplianceTopics.STATUS_CHANGED,
                    StatusChangedPayload.of(e)))
        .build();
  }
}
