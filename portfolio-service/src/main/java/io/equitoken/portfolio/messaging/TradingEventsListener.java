package io.equitoken.portfolio.messaging;

import static io.equitoken.portfolio.messaging.Payloads.poison;
import static io.equitoken.portfolio.messaging.Payloads.positive;
import static io.equitoken.portfolio.messaging.Payloads.present;
import static io.equitoken.portfolio.messaging.Payloads.require;

import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.events.IdempotentConsumer;
import io.equitoken.portfolio.cash.CashBook;
import io.equitoken.portfolio.cash.CashChange;
import io.equitoken.portfolio.cash.CashReason;
import io.equitoken.portfolio.holding.HoldingChange;
import io.equitoken.portfolio.holding.Ledger;
import io.equitoken.portfolio.holding.Reason;
import io.equitoken.portfolio.market.MarketStore;
import io.equitoken.portfolio.market.MarketStore.PriceObserved;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Holdings, prices and cash accounts from trading: each event applied at most once ({@link
 * IdempotentConsumer}, a poll's records in one transaction), holding changes in sequence order
 * whatever order they arrive in ({@link Ledger}); other types on the topic are skipped, unreadable
 * or inconsistent ones are poison and go to the dead-letter topic.
 */
@Component
class TradingEventsListener {

  static final String ID = "portfolio-trading";
  static final String CONSUMER = "portfolio-service.trading";
  private static final Logger log = LoggerFactory.getLogger(TradingEventsListener.class);
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  /** The types read; the topic's others (orders, trades, windows…) are passed over by type. */
  static final Set<String> HANDLED =
      Set.of(
          TradingEvents.HOLDING_CHANGED, TradingEvents.PRICE_UPDATED, TradingEvents.CASH_CHANGED);

  private final IdempotentConsumer consumer;
  private final Ledger ledger;
  private final CashBook cash;
  private final MarketStore market;
  private final JsonMapper json;

  TradingEventsListener(
      IdempotentConsumer consumer,
      Ledger ledger,
      CashBook cash,
      MarketStore market,
      JsonMapper json) {
    this.consumer = consumer;
    this.ledger = ledger;
    this.cash = cash;
    this.market = market;
    this.json = json;
  }

  /**
   * A poll's records in one transaction, applied together ({@link IdempotentConsumer#handleBatch}):
   * the holding changes in at most four statements ({@link Ledger#applyAll}), then every cash
   * change in one statement and every price point in one.
   */
  @KafkaListener(
      id = ID,
      topics = TradingEvents.TOPIC,
      groupId = "${spring.kafka.consumer.group-id}",
      batch = "true")
  void onEvents(List<ConsumerRecord<String, String>> records) {
    int applied =
        consumer.handleBatch(CONSUMER, records, HANDLED, this::read, this::applyAll, TIMEOUT);
    log.debug("{} of {} records applied", applied, records.size());
  }

  /** What one event asks for: a holding change (with its issue price), a price or a cash change. */
  private record Item(HoldingChange holding, PriceObserved price, CashChange cash) {}

  private Mono<Void> applyAll(List<Item> items) {
    List<PriceObserved> prices = new ArrayList<>();
    List<CashChange> changes = new ArrayList<>();
    List<HoldingChange> holdings = new ArrayList<>();
    for (Item item : items) {
      if (item.holding() != null) {
        holdings.add(item.holding());
      }
      if (item.price() != null) {
        prices.add(item.price());
      }
      if (item.cash() != null) {
        changes.add(item.cash());
      }
    }
    return applyHoldings(holdings)
        .then(
            cash.applyAll(changes)
                .doOnNext(
                    fresh -> {
                      if (fresh < changes.size()) {
                        log.info(
                            "{} of {} cash changes were already known; skipped",
                            changes.size() - fresh,
                            changes.size());
                      }
                    }))
        .then(market.pricesObserved(prices));
  }

  private Mono<Void> applyHoldings(List<HoldingChange> holdings) {
    return ledger
        .applyAll(holdings)
        .doOnNext(
            applied ->
                applied
                    .alreadyKnown()
                    .forEach(
                        change ->
                            log.info(
                                "Holding change {}/{}#{} was already known; skipped",
                                change.ownerId(),
                                change.tokenId(),
                                change.sequence())))
        .then();
  }

  /** Read before the transaction, so a malformed event goes to the DLT without retries. */
  private Item read(EventEnvelope event) {
    return switch (event.type()) {
      case TradingEvents.HOLDING_CHANGED -> holdingChanged(event);
      case TradingEvents.PRICE_UPDATED -> new Item(null, priceUpdated(event), null);
      case TradingEvents.CASH_CHANGED -> new Item(null, null, cashChanged(event));
      default -> null;
    };
  }

  private Item holdingChanged(EventEnvelope event) {
    var d = Payloads.read(json, event, TradingEvents.HoldingChanged.class);
    require(
        event,
        present(d.ownerId())
            && present(d.tokenId())
            && d.sequence() != null
            && d.quantity() != null
            && d.availableQuantity() != null
            && d.delta() != null
            && d.occurredAt() != null,
        "lacks ownerId, tokenId, sequence, quantity, availableQuantity, delta or occurredAt");
    Reason reason =
        Reason.parse(d.reason())
            .orElseThrow(() -> poison(event, "has unknown reason " + d.reason()));
    HoldingChange change =
        new HoldingChange(
            d.ownerId(),
            d.tokenId(),
            d.sequence(),
            d.quantity(),
            d.availableQuantity(),
            d.delta(),
            reason,
            d.price(),
            d.tradeId(),
            d.orderId(),
            d.transferId(),
            d.windowId(),
            d.occurredAt());
    change
        .inconsistency()
        .ifPresent(
            why -> {
              throw poison(event, "is inconsistent: " + why);
            });
    PriceObserved issuePrice =
        reason == Reason.ISSUANCE && positive(d.price())
            ? new PriceObserved(
                d.tokenId(), d.price(), d.occurredAt(), PriceObserved.ISSUE, event.id())
            : null;
    return new Item(change, issuePrice, null);
  }

  private PriceObserved priceUpdated(EventEnvelope event) {
    var d = Payloads.read(json, event, TradingEvents.PriceUpdated.class);
    require(
        event,
        present(d.tokenId()) && positive(d.price()) && d.asOf() != null,
        "lacks tokenId, a positive price or asOf");
    return new PriceObserved(d.tokenId(), d.price(), d.asOf(), PriceObserved.TRADE, event.id());
  }

  private CashChange cashChanged(EventEnvelope event) {
    var d = Payloads.read(json, event, TradingEvents.CashChanged.class);
    require(
        event,
        present(d.ownerId())
            && d.sequence() != null
            && d.balance() != null
            && d.reserved() != null
            && d.available() != null
            && d.amount() != null
            && d.reservedChange() != null
            && d.occurredAt() != null,
        "lacks ownerId, sequence, balance, reserved, available, amount, reservedChange or"
            + " occurredAt");
    CashReason reason =
        CashReason.parse(d.reason())
            .orElseThrow(() -> poison(event, "has unknown reason " + d.reason()));
    CashChange change =
        new CashChange(
            d.ownerId(),
            d.sequence(),
            d.currency(),
            d.balance(),
            d.reserved(),
            d.available(),
            d.amount(),
            d.reservedChange(),
            reason,
            d.orderId(),
            d.tradeId(),
            d.depositId(),
            d.withdrawalId(),
            d.tokenId(),
            d.price(),
            d.quantity(),
            d.fee(),
            d.occurredAt());
    change
        .inconsistency()
        .ifPresent(
            why -> {
              throw poison(event, "is inconsistent: " + why);
            });
    return change;
  }
}
