package io.equitoken.portfolio.messaging;

import static io.equitoken.portfolio.messaging.Payloads.positive;
import static io.equitoken.portfolio.messaging.Payloads.present;
import static io.equitoken.portfolio.messaging.Payloads.require;

import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.events.IdempotentConsumer;
import io.equitoken.portfolio.market.MarketStore;
import io.equitoken.portfolio.market.MarketStore.ListingNamed;
import io.equitoken.portfolio.market.MarketStore.PriceObserved;
import io.equitoken.portfolio.market.MarketStore.TokenIssued;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Token supply, issue price and names from listings, each event applied at most once; other listing
 * events are skipped, unreadable ones go to the dead-letter topic.
 */
@Component
class ListingsEventsListener {

  static final String ID = "portfolio-listings";
  static final String CONSUMER = "portfolio-service.listings";
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  /** The types read; the topic's others are passed over by type. */
  static final Set<String> HANDLED =
      Set.of(
          ListingsEvents.TOKEN_ISSUED,
          ListingsEvents.LISTING_PUBLISHED,
          ListingsEvents.LISTING_UPDATED);

  private final IdempotentConsumer consumer;
  private final MarketStore market;
  private final JsonMapper json;

  ListingsEventsListener(IdempotentConsumer consumer, MarketStore market, JsonMapper json) {
    this.consumer = consumer;
    this.market = market;
    this.json = json;
  }

  @KafkaListener(
      id = ID,
      topics = ListingsEvents.TOPIC,
      groupId = "${spring.kafka.consumer.group-id}",
      batch = "true")
  void onEvents(List<ConsumerRecord<String, String>> records) {
    consumer.handleBatch(CONSUMER, records, HANDLED, this::prepare, TIMEOUT);
  }

  private Mono<Void> prepare(EventEnvelope event) {
    return switch (event.type()) {
      case ListingsEvents.TOKEN_ISSUED -> tokenIssued(event);
      case ListingsEvents.LISTING_PUBLISHED -> {
        var d = Payloads.read(json, event, ListingsEvents.ListingPublished.class);
        yield named(event, d.listingId(), d.name(), d.publishedAt());
      }
      case ListingsEvents.LISTING_UPDATED -> {
        var d = Payloads.read(json, event, ListingsEvents.ListingUpdated.class);
        yield named(event, d.listingId(), d.name(), d.updatedAt());
      }
      default -> null;
    };
  }

  private Mono<Void> tokenIssued(EventEnvelope event) {
    var d = Payloads.read(json, event, ListingsEvents.TokenIssued.class);
    require(
        event,
        present(d.listingId())
            && present(d.tokenId())
            && present(d.tokenName())
            && positive(d.supply())
            && positive(d.price())
            && present(d.issuerPrincipalId())
            && d.issuedAt() != null,
        "lacks listingId, tokenId, tokenName, a positive supply or price, issuerPrincipalId or"
            + " issuedAt");
    return market
        .tokenIssued(
            new TokenIssued(
                d.tokenId(),
                d.listingId(),
                d.tokenName(),
                d.supply(),
                d.price(),
                d.issuerPrincipalId(),
                d.issuedAt()))
        .then(
            market.priceObserved(
                new PriceObserved(
                    d.tokenId(), d.price(), d.issuedAt(), PriceObserved.ISSUE, event.id())));
  }

  private Mono<Void> named(EventEnvelope event, String listingId, String name, Instant at) {
    require(
        event, present(listingId) && present(name) && at != null, "lacks listingId, name or time");
    return market.listingNamed(new ListingNamed(listingId, name, at));
  }
}
