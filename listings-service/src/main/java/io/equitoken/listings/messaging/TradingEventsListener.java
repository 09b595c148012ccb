package io.equitoken.listings.messaging;

import io.equitoken.listings.market.MarketData;
import io.equitoken.listings.market.MarketFact;
import io.equitoken.listings.market.MarketOutcome;
import io.equitoken.listings.market.PriceObserved;
import io.equitoken.listings.market.ProceedsObserved;
import io.equitoken.listings.market.TradeObserved;
import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.events.IdempotentConsumer;
import io.equitoken.platform.events.PoisonEventException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Keeps prices and valuations current from trading's price and trade events, and raise progress
 * from the issuer's proceeds ({@code cash.changed} with reason {@code sell}). Each event is applied
 * at most once (deduped on its id with {@link IdempotentConsumer}, a poll's records in one
 * transaction and applied together); other event types on the topic are none of this service's
 * business and are passed over by their type; unreadable ones are poison and go to the dead-letter
 * topic.
 */
@Component
class TradingEventsListener {

  static final String CONSUMER = "listings-service.market-data";
  private static final Logger log = LoggerFactory.getLogger(TradingEventsListener.class);
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  /** The types read; the topic's others (orders, holdings, windows…) are passed over by type. */
  static final Set<String> HANDLED =
      Set.of(TradingEvents.CASH_CHANGED, TradingEvents.PRICE_UPDATED, TradingEvents.TRADE_EXECUTED);

  private final IdempotentConsumer consumer;
  private final MarketData market;
  private final JsonMapper json;

  TradingEventsListener(IdempotentConsumer consumer, MarketData market, JsonMapper json) {
    this.consumer = consumer;
    this.market = market;
    this.json = json;
  }

  /**
   * A poll's records in one transaction, applied together ({@link IdempotentConsumer#handleBatch}
   * with {@link MarketData#observedAll}: per token one price update and one proceeds statement).
   */
  @KafkaListener(
      topics = TradingEvents.TOPIC,
      groupId = "${spring.kafka.consumer.group-id}",
      batch = "true")
  void onEvents(List<ConsumerRecord<String, String>> records) {
    int applied =
        consumer.handleBatch(CONSUMER, records, HANDLED, this::read, this::applyAll, TIMEOUT);
    log.debug("{} of {} records applied", applied, records.size());
  }

  private Mono<Void> applyAll(List<MarketFact> facts) {
    return market
        .observedAll(facts)
        .doOnNext(
            o -> {
              if (o.outcome() != MarketOutcome.APPLIED
                  && o.outcome() != MarketOutcome.NOT_THE_ISSUER) {
                log.info("{} of token {} not applied: {}", o.what(), o.tokenId(), o.outcome());
              }
            })
        .then();
  }

  /** Read before the transaction, so a malformed event goes to the DLT without retries. */
  private MarketFact read(EventEnvelope event) {
    if (event.type().equals(TradingEvents.CASH_CHANGED)) {
      return proceeds(event);
    }
    if (!event.type().equals(TradingEvents.PRICE_UPDATED)
        && !event.type().equals(TradingEvents.TRADE_EXECUTED)) {
      return null;
    }
    return fact(event);
  }

  /**
   * A {@code sell} entry may be the issuer's proceeds; every other cash change is skipped. Whose
   * account it is (the token's issuer or not) is decided against the token inside the transaction.
   */
  private ProceedsObserved proceeds(EventEnvelope event) {
    TradingEvents.CashChanged data;
    try {
      data = json.readValue(event.dataJson(), TradingEvents.CashChanged.class);
    } catch (JacksonException e) {
      throw new PoisonEventException("Event " + event.id() + " has unreadable data", e);
    }
    require(event, data != null && data.reason() != null);
    if (!data.reason().equals("sell")) {
      return null;
    }
    require(
        event,
        data.ownerId() != null
            && data.tradeId() != null
            && data.tokenId() != null
            && data.amount() != null
            && data.amount().signum() >= 0
            && (data.fee() == null || data.fee().signum() >= 0)
            && data.occurredAt() != null);
    return new ProceedsObserved(
        data.tradeId(),
        data.ownerId(),
        data.tokenId(),
        data.amount(),
        data.fee() == null ? BigDecimal.ZERO : data.fee(),
        data.occurredAt());
  }

  private MarketFact fact(EventEnvelope event) {
    try {
      if (event.type().equals(TradingEvents.PRICE_UPDATED)) {
        var data = json.readValue(event.dataJson(), TradingEvents.PriceUpdated.class);
        require(event, data.tokenId() != null && positive(data.price()) && data.asOf() != null);
        return new PriceObserved(data.tokenId(), data.price(), data.asOf());
      }
      var data = json.readValue(event.dataJson(), TradingEvents.TradeExecuted.class);
      require(
          event,
          data.tokenId() != null
              && positive(data.price())
              && positive(data.quantity())
              && data.sellerId() != null
              && data.executedAt() != null);
      return new TradeObserved(
          data.tokenId(), data.price(), data.quantity(), data.sellerId(), data.executedAt());
    } catch (JacksonException e) {
      throw new PoisonEventException("Event " + event.id() + " has unreadable data", e);
    }
  }

  private static boolean positive(BigDecimal value) {
    return value != null && value.signum() > 0;
  }

  private static void require(EventEnvelope event, boolean valid) {
    if (!valid) {
      throw new PoisonEventException(
          "Event " + event.id() + " (" + event.type() + ") lacks required data");
    }
  }
}
