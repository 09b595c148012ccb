package io.equitoken.trading.service.messaging;

import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.events.IdempotentConsumer;
import io.equitoken.trading.service.market.MarketFacts;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tokens and listing statuses from listings-service: which tokens exist (registered with the
 * matcher on issue) and which may trade. Each event applied once; unreadable ones go to the DLT.
 */
@Component
class ListingsEventsListener {

  static final String CONSUMER = "trading-service.listings";
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  /** The types read; the topic's others are passed over by type. */
  static final Set<String> HANDLED =
      Set.of(
          ListingsEvents.TOKEN_ISSUED,
          ListingsEvents.PUBLISHED,
          ListingsEvents.REACTIVATED,
          ListingsEvents.SUSPENDED,
          ListingsEvents.CLOSED);

  private final IdempotentConsumer consumer;
  private final MarketFacts facts;
  private final JsonMapper json;

  ListingsEventsListener(IdempotentConsumer consumer, MarketFacts facts, JsonMapper json) {
    this.consumer = consumer;
    this.facts = facts;
    this.json = json;
  }

  @KafkaListener(
      topics = ListingsEvents.TOPIC,
      groupId = "trading-service.listings",
      batch = "true")
  void onEvents(List<ConsumerRecord<String, String>> records) {
    consumer.handleBatch(CONSUMER, records, HANDLED, this::apply, TIMEOUT);
  }

  private Mono<Void> apply(EventEnvelope event) {
    switch (event.type()) {
      case ListingsEvents.TOKEN_ISSUED -> {
        var d = Consumed.read(json, event, ListingsEvents.TokenIssued.class);
        Consumed.require(
            event,
            d.listingId() != null
                && d.tokenId() != null
                && d.issuerPrincipalId() != null
                && d.supply() != null
                && d.supply().signum() > 0
                && d.price() != null
                && d.price().signum() > 0
                && d.issuedAt() != null);
        return facts.tokenIssued(
            d.listingId(), d.tokenId(), d.issuerPrincipalId(), d.supply(), d.price(), d.issuedAt());
      }
      case ListingsEvents.PUBLISHED -> {
        var d = Consumed.read(json, event, ListingsEvents.Published.class);
        Consumed.require(event, d.listingId() != null && d.publishedAt() != null);
        return facts.listingChanged(d.listingId(), "active", d.tokenId(), d.publishedAt());
      }
      case ListingsEvents.REACTIVATED -> {
        var d = Consumed.read(json, event, ListingsEvents.Reactivated.class);
        Consumed.require(event, d.listingId() != null && d.reactivatedAt() != null);
        return facts.listingChanged(d.listingId(), "active", null, d.reactivatedAt());
      }
      case ListingsEvents.SUSPENDED -> {
        var d = Consumed.read(json, event, ListingsEvents.Suspended.class);
        Consumed.require(event, d.listingId() != null && d.suspendedAt() != null);
        return facts.listingChanged(d.listingId(), "suspended", null, d.suspendedAt());
      }
      case ListingsEvents.CLOSED -> {
        var d = Consumed.read(json, event, ListingsEvents.Closed.class);
        Consumed.require(event, d.listingId() != null && d.closedAt() != null);
        return facts.listingChanged(d.listingId(), "closed", null, d.closedAt());
      }
      default -> {
        return null;
      }
    }
  }
}
