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
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Projects the matcher's committed results (read_committed) into order statuses, fills, price
 * history, auction state and the cash ledger (each execution's payment, each ended buy order's
 * release) and the latest holdings ({@code holding.changed}, for {@code POST /trade/check}), each
 * event once, a poll at a time in one transaction. Other types on the topic (window events, prices,
 * transfers) are not projected here.
 */
@Component
class MatcherEventsListener {

  static final String CONSUMER = "trading-service.projection";
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
      topics = MatcherEvents.TOPIC,
      groupId = "trading-service.projection",
      batch = "true",
      properties = "fetch.max.wait.ms=${equitoken.trading.matcher.takeover-fetch-wait-ms:500}")
  void onEvents(List<ConsumerRecord<String, String>> records) {
    consumer.handleBatch(CONSUMER, records, HANDLED, this::apply, TIMEOUT);
  }

  private Mono<Void> apply(EventEnvelope e) {
    String type = e.type();
    if (!type.startsWith(MatcherEvents.PREFIX)) {
      return null;
    }
    return switch (type.substring(MatcherEvents.PREFIX.length())) {
      case "order.accepted.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.Accepted.class);
        Consumed.require(e, d.orderId() != null && d.acceptedAt() != null);
        yield orders.accepted(d.orderId(), d.acceptedAt());
      }
      case "order.rejected.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.Rejected.class);
        Consumed.require(e, d.orderId() != null && d.rejectedAt() != null && d.reason() != null);
        yield orders
            .rejected(d.orderId(), d.reason().code(), d.reason().detail(), d.rejectedAt())
            .then(cash.release(d.orderId(), d.rejectedAt()));
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
        Mono<Void> projected =
            orders.filled(
                d.orderId(),
                new Order.Fill(d.tradeId(), d.price(), d.quantity(), d.executedAt()),
                d.filledQuantity(),
                d.remainingQuantity(),
                d.averagePrice(),
                d.status());
        yield "filled".equals(d.status())
            ? projected.then(cash.release(d.orderId(), d.executedAt()))
            : projected;
      }
      case "order.cancelled.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.Cancelled.class);
        Consumed.require(e, d.orderId() != null && d.cancelledAt() != null);
        yield orders
            .cancelled(
                d.orderId(), d.filledQuantity(), d.remainingQuantity(), d.reason(), d.cancelledAt())
            .then(cash.release(d.orderId(), d.cancelledAt()));
      }
      case "order.expired.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.Expired.class);
        Consumed.require(e, d.orderId() != null && d.expiredAt() != null);
        yield orders
            .expired(d.orderId(), d.filledQuantity(), d.remainingQuantity(), d.expiredAt())
            .then(cash.release(d.orderId(), d.expiredAt()));
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
        yield market
            .tradeExecuted(
                new ExecutedTrade(
                    d.tradeId(),
                    d.tokenId(),
                    d.windowId(),
                    d.price(),
                    d.quantity(),
                    d.executedAt()))
            .then(
                cash.settle(
                    new CashLedger.Fill(
                        d.tradeId(),
                        d.tokenId(),
                        d.buyOrderId(),
                        d.sellOrderId(),
                        d.buyerId(),
                        d.sellerId(),
                        d.price(),
                        d.quantity(),
                        d.executedAt())));
      }
      case "holding.changed.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.HoldingChanged.class);
        Consumed.require(
            e,
            d.ownerId() != null
                && d.tokenId() != null
                && d.sequence() != null
                && d.quantity() != null);
        yield rules.holdingChanged(d.tokenId(), d.ownerId(), d.quantity(), d.sequence());
      }
      case "auction.indicative.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.AuctionIndicative.class);
        Consumed.require(e, d.windowId() != null && d.tokenId() != null && d.asOf() != null);
        yield market.indicative(
            d.windowId(),
            d.tokenId(),
            d.indicativePrice(),
            d.indicativeVolume(),
            d.imbalance(),
            d.imbalanceSide(),
            d.asOf());
      }
      case "auction.result.v1" -> {
        var d = Consumed.read(json, e, MatcherEvents.AuctionResult.class);
        Consumed.require(
            e,
            d.windowId() != null
                && d.tokenId() != null
                && d.cleared() != null
                && d.decidedAt() != null);
        yield market.auctionResult(
            d.windowId(), d.tokenId(), d.cleared(), d.clearingPrice(), d.decidedAt());
      }
      default -> null;
    };
  }
}
