package io.equitoken.trading.service.messaging;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.events.IdempotentConsumer;
import io.equitoken.trading.service.market.KycStanding;
import io.equitoken.trading.service.market.MarketFacts;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** KYC standings from compliance-service's {@code status.changed}: the order gate's read model. */
@Component
class ComplianceEventsListener {

  static final String TOPIC = "compliance.events.v1";
  static final String STATUS_CHANGED = "equitoken.compliance.status.changed.v1";
  static final String CONSUMER = "trading-service.compliance";
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  /** Trimmed copy of {@code status.changed}. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record StatusChanged(
      String investorId,
      String kycState,
      Instant expiresAt,
      Instant changedAt,
      String country,
      String accreditation,
      Instant accreditationExpiresAt) {}

  private final IdempotentConsumer consumer;
  private final MarketFacts facts;
  private final JsonMapper json;

  ComplianceEventsListener(IdempotentConsumer consumer, MarketFacts facts, JsonMapper json) {
    this.consumer = consumer;
    this.facts = facts;
    this.json = json;
  }

  @KafkaListener(topics = TOPIC, groupId = "trading-service.compliance", batch = "true")
  void onEvents(List<ConsumerRecord<String, String>> records) {
    consumer.handleBatch(CONSUMER, records, Set.of(STATUS_CHANGED), this::prepare, TIMEOUT);
  }

  private Mono<Void> prepare(EventEnvelope event) {
    if (!STATUS_CHANGED.equals(event.type())) {
      return null;
    }
    var d = Consumed.read(json, event, StatusChanged.class);
    Consumed.require(
        event, d.investorId() != null && d.kycState() != null && d.changedAt() != null);
    var standing =
        new KycStanding(
            d.investorId(),
            d.kycState(),
            d.expiresAt(),
            d.changedAt(),
            d.country(),
            d.accreditation() == null ? "none" : d.accreditation(),
            d.accreditationExpiresAt());
    return facts.kycChanged(standing);
  }
}
