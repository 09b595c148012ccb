package io.equitoken.trading.service.messaging;

import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.events.IdempotentConsumer;
import io.equitoken.trading.service.cash.CashLedger;
import io.equitoken.trading.service.history.ExecutedTrade;
import io.equitoken.trading.service.history.MarketResults;
import io.equitoken.trading.service.order.Order;
import io.equitoken.trading.service.order.OrderProjection;
import io.equitoken.trading.service.rules.RulesService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Projects the matcher's committed results (read_committed) into order statuses, fills, price
 * history, auction state and the cash ledger (each execution's payment, each ended buy order's
 * release) and the latest holdings ({@code holding.changed}, for {@code POST /trade/check}), each
 * event once, a poll at a time in one transaction. Other types on the topic (window events, prices,
 * transfers) are not projected here.
 *
 * <p>A poll is written with one multi-row statement per kind — acceptances, fills, ends,
 * executions, holdings — then its auction events one by one, and its cash work (each execution's
 * settlement, each ended order's release, in record order; five statements for the whole poll,
 * {@link CashLedger#apply}) last: the cash work reads and writes only the cash tables, so it does
 * not see the reordering, and the buyers' cash rows, which order intake reserves on too, stay
 * locked only for the tail of the transaction.
 */
@Component
class MatcherEventsListener {

  static final String CONSUMER = "trading-service.projection";

  /** The listener container's id. */
  static final String LISTENER = "trading-projection";

  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  /**
   * The types projected here; the topic's others (cash changes — trading's own —, windows, prices,
   * transfers) are passed over by type.
   */
  static final Set<String> HANDLED =
      Set.of(
              "order.accepted.v1",
              "order.rejected.v1",
              "order.filled.v1",
              "order.cancelled.v1",
              "order.expired.v1",
              "trade.executed.v1",
              "holding.changed.v1",
              "auction.indicative.v1",
              "auction.result.v1")
          .stream()
          .map(name -> MatcherEvents.PREFIX + name)
          .collect(Collectors.toUnmodifiableSet());

  private final IdempotentConsumer consumer;
  private final OrderProjection orders;
  private final MarketResults market;
  private final CashLedger cash;
  private final RulesService rules;
  private final JsonMapper json;

  MatcherEventsListener(
      IdempotentConsumer consumer,
      OrderProjection orders,
      MarketResults market,
      CashLedger cash,
      RulesService rules,
      JsonMapper json) {
    this.consumer = consumer;
    this.orders = orders;
    this.market = market;
    this.cash = cash;
    this.rules = rules;
    this.json = json;
  }

  /**
   * A poll's records in one transaction ({@link IdempotentConsumer#handleBatch}). Fetches wait at
   * the broker as long as the matcher's ({@code equitoken.trading.matcher.takeover-fetch-wait-ms},
   * 500 ms), not the platform's 5 s: partitions taken over from a dead instance are fetched only
   * when the waiting fetch returns, and order statuses are what a takeover is judged by.
   */
  @KafkaListener(
      id = LISTENER,
      topics = MatcherEvents.TOPIC,
      groupId = "trading-service.projection",
      batch = "true",
      properties = "fetch.max.wait.ms=${equitoken.trading.matcher.takeover-fetch-wait-ms:500}")
  void onEvents(List<ConsumerRecord<String, String>> records) {
    consumer.handleBatch(CONSUMER, records, HANDLED, this::read, this::applyAll, TIMEOUT);
  }

  /**
   * What one event does: an order change, an execution, a holding, an auction event (applied
   * alone), and cash work (applied last); each part null when the event has none.
   */
  record Projected(
      OrderProjection.Change order,
      ExecutedTrade trade,
      RulesService.HoldingChanged holding,
      Supplier<Mono<Void>> auction,
      CashLedger.Work cash) {

    static Projected order(OrderProjection.Change change, CashLedger.Work cash) {
      return new Projected(change, null, null, null, cash);
    }
  }

  private Mono<Void> applyAll(List<Projected> items) {
    List<OrderProjection.Change> changes = new ArrayList<>();
    List<ExecutedTrade> trades = new ArrayList<>();
    List<RulesService.HoldingChanged> holdings = new ArrayList<>();
    List<Supplier<Mono<Void>>> auctions = new ArrayList<>();
    List<CashLedger.Work> payments = new ArrayList<>();
    for (Projected p : items) {
      add(changes, p.order());
      add(trades, p.trade());
      add(holdings, p.holding());
      add(auctions, p.auction());
      add(payments, p.cash());
    }
    return orders
        .applyAll(changes)
        .then(market.tradesExecuted(trades))
        .then(rules.holdingsChanged(holdings))
        .then(Flux.fromIterable(auctions).concatMap(Supplier::get).then())
        .then(cash.apply(payments));
  }

  private static <T> void add(List<T> list, T item) {
    if (item != null) {
      list.add(item);
    }
  }

  private Projected read(EventEnvelope e) {
    String type = e.type();
    if (!type.startsWith(MatcherEvents.PREFIX)) {
      return null;
    }
    return switch (type.substring(MatcherEvents.PREFIX.length())) {
      case "order.accepted.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.Accepted.class);
        Consumed.require(e, d.orderId() != null && d.acceptedAt() != null);
        yield Projected.order(OrderProjection.accepted(d.orderId(), d.acceptedAt()), null);
      }
      case "order.rejected.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.Rejected.class);
        Consumed.require(e, d.orderId() != null && d.rejectedAt() != null && d.reason() != null);
        yield Projected.order(
            OrderProjection.rejected(
                d.orderId(), d.reason().code(), d.reason().detail(), d.rejectedAt()),
            new CashLedger.Release(d.orderId(), d.rejectedAt()));
      }
      case "order.filled.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.Filled.class);
        Consumed.require(
            e,
            d.orderId() != null
                && d.tradeId() != null
                && d.price() != null
                && d.quantity() != null
                && d.filledQuantity() != null
                && d.remainingQuantity() != null
                && d.executedAt() != null);
        yield Projected.order(
            OrderProjection.filled(
                d.orderId(),
                new Order.Fill(d.tradeId(), d.price(), d.quantity(), d.executedAt()),
                d.filledQuantity(),
                d.remainingQuantity(),
                d.averagePrice(),
                d.status()),
            "filled".equals(d.status())
                ? new CashLedger.Release(d.orderId(), d.executedAt())
                : null);
      }
      case "order.cancelled.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.Cancelled.class);
        Consumed.require(
            e,
            d.orderId() != null
                && d.filledQuantity() != null
                && d.remainingQuantity() != null
                && d.cancelledAt() != null);
        yield Projected.order(
            OrderProjection.cancelled(
                d.orderId(),
                d.filledQuantity(),
                d.remainingQuantity(),
                d.reason(),
                d.cancelledAt()),
            new CashLedger.Release(d.orderId(), d.cancelledAt()));
      }
      case "order.expired.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.Expired.class);
        Consumed.require(
            e,
            d.orderId() != null
                && d.filledQuantity() != null
                && d.remainingQuantity() != null
                && d.expiredAt() != null);
        yield Projected.order(
            OrderProjection.expired(
                d.orderId(), d.filledQuantity(), d.remainingQuantity(), d.expiredAt()),
            new CashLedger.Release(d.orderId(), d.expiredAt()));
      }
      case "trade.executed.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.TradeExecuted.class);
        Consumed.require(
            e,
            d.tradeId() != null
                && d.tokenId() != null
                && d.price() != null
                && d.quantity() != null
                && d.buyOrderId() != null
                && d.sellOrderId() != null
                && d.buyerId() != null
                && d.sellerId() != null
                && d.executedAt() != null);
        CashLedger.Fill fill =
            new CashLedger.Fill(
                d.tradeId(),
                d.tokenId(),
                d.buyOrderId(),
                d.sellOrderId(),
                d.buyerId(),
                d.sellerId(),
                d.price(),
                d.quantity(),
                d.executedAt());
        yield new Projected(
            null,
            new ExecutedTrade(
                d.tradeId(), d.tokenId(), d.windowId(), d.price(), d.quantity(), d.executedAt()),
            null,
            null,
            new CashLedger.Payment(fill));
      }
      case "holding.changed.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.HoldingChanged.class);
        Consumed.require(
            e,
            d.ownerId() != null
                && d.tokenId() != null
                && d.sequence() != null
                && d.quantity() != null);
        yield new Projected(
            null,
            null,
            new RulesService.HoldingChanged(d.tokenId(), d.ownerId(), d.quantity(), d.sequence()),
            null,
            null);
      }
      case "auction.indicative.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.AuctionIndicative.class);
        Consumed.require(e, d.windowId() != null && d.tokenId() != null && d.asOf() != null);
        yield new Projected(
            null,
            null,
            null,
            () ->
                market.indicative(
                    d.windowId(),
                    d.tokenId(),
                    d.indicativePrice(),
                    d.indicativeVolume(),
                    d.imbalance(),
                    d.imbalanceSide(),
                    d.asOf()),
            null);
      }
      case "auction.result.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.AuctionResult.class);
        Consumed.require(
            e,
            d.windowId() != null
                && d.tokenId() != null
                && d.cleared() != null
                && d.decidedAt() != null);
        yield new Projected(
            null,
            null,
            null,
            () ->
                market.auctionResult(
                    d.windowId(), d.tokenId(), d.cleared(), d.clearingPrice(), d.decidedAt()),
            null);
      }
      default -> null;
    };
  }
}
