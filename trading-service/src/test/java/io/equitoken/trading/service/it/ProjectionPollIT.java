package io.equitoken.trading.service.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.events.CloudEvents;
import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.test.SentStatements;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;
import tools.jackson.databind.json.JsonMapper;

/**
 * A poll of the matcher's events is projected with one statement per kind and leaves orders, fills,
 * executions, holdings and cash as applying the same events one at a time does: an order accepted,
 * filled twice and cancelled in the poll, a fill of an order accepted in an earlier poll, two
 * orders of one owner, a stale holding, and the whole poll delivered again.
 */
class ProjectionPollIT extends TradingIntegrationTest {

  private static final String TOPIC = "trading.events.v1";
  private static final String PROJECTION = "trading-projection";
  private static final String CONSUMER = "trading-service.projection";
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final List<String> PROJECTED =
      List.of("trade_order", "order_fill", "executed_trade", "holding_state");
  private static final List<String> CASH =
      List.of("cash_account", "cash_entry", "cash_reservation", "cash_settlement");

  @Autowired private KafkaListenerEndpointRegistry listeners;

  @Test
  void shouldProjectAPollInFewStatementsAsOneAtATime() {
    Instant t0 = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    Market polled = market();
    Market oneByOne = market();
    windowsOpen(polled, oneByOne);
    polled.placeOrders();
    oneByOne.placeOrders();

    // given the second buy accepted in an earlier poll
    awaitApplied(send(polled.earlier(t0)));
    awaitApplied(send(oneByOne.earlier(t0)));

    // when the rest arrives in one poll
    List<Sent> poll = polled.poll(t0);
    List<String> statements;
    MessageListenerContainer container = listeners.getListenerContainer(PROJECTION);
    container.pause();
    try {
      await().atMost(Duration.ofSeconds(60)).until(container::isContainerPaused);
      sendTogether(poll);
    } finally {
      statements = counted(container::resume, () -> applied(poll.get(poll.size() - 1)));
    }

    // and, in another market, the same events arrive one at a time
    for (Sent e : oneByOne.poll(t0)) {
      awaitApplied(send(e));
    }

    // then the poll took one statement per kind of projected change (accepted, fills, ended,
    // executions, holdings), where one per event took 19
    assertThat(on(PROJECTED, statements))
        .as("statements on the projected tables for 19 events")
        .hasSize(5);
    // and its cash work (two payments, two releases) five: reservations locked, trades settled
    // before, settlements, reservations, accounts with their entries — where one at a time took 16
    assertThat(on(CASH, statements)).as("statements on the cash tables").hasSize(5);
    // and orders, fills, executions, holdings and cash are the same as one at a time
    Map<String, List<String>> result = polled.state();
    assertThat(result).isEqualTo(oneByOne.state());
    assertThat(result.get("orders"))
        .containsExactly(
            "B1|cancelled|10|10|2.8|owner||" + t0.plusSeconds(18),
            "B2|filled|10|0|2.8|||" + t0.plusSeconds(13),
            "S1|partially_filled|20|10|2.7|||" + t0.plusSeconds(13));
    assertThat(result.get("holdings")).containsExactly("buyer|20|3", "seller|999980|3");
    // both buys spent 28.00 (B1 10 + 18, B2 28) and released the rest
    assertThat(result.get("reservations"))
        .hasSize(2)
        .allSatisfy(r -> assertThat(r).contains("|28|2800|").endsWith("|closed"));

    // and the whole poll delivered again changes nothing
    poll.forEach(this::send);
    Sent marker = polled.holding("marker-" + UUID.randomUUID(), 1, "1", t0);
    awaitApplied(send(marker));
    assertThat(polled.state()).isEqualTo(result);
  }

  /** A token with its own issuer (the seller) and buyer, and the events the matcher sends. */
  private Market market() {
    String issuer = "founder-" + UUID.randomUUID();
    return new Market(fixtures.tradableToken(issuer), issuer, fixtures.approvedInvestor());
  }

  private void windowsOpen(Market a, Market b) {
    fixtures.openWindow(a.token, b.token);
  }

  private final class Market {
    final String token;
    final String seller;
    final String buyer;
    final String run = UUID.randomUUID().toString().substring(0, 8);
    String b1;
    String b2;
    String s1;

    Market(String token, String seller, String buyer) {
      this.token = token;
      this.seller = seller;
      this.buyer = buyer;
    }

    void placeOrders() {
      s1 = api.place(Api.token(seller, "founder"), Api.order(token, "sell", 30, 2.5));
      b1 = api.place(Api.investor(buyer), Api.order(token, "buy", 20, 3));
      b2 = api.place(Api.investor(buyer), Api.order(token, "buy", 10, 3));
    }

    Sent earlier(Instant t0) {
      return event("order.accepted", Map.of("orderId", b2, "acceptedAt", t0.toString()));
    }

    /** Accept B1 and S1; trades t1 (B1 4 @ 2.5), t2 (B1 6 @ 3), t3 (B2 10 @ 2.8); cancel B1. */
    List<Sent> poll(Instant t0) {
      List<Sent> out = new ArrayList<>();
      out.add(event("order.accepted", Map.of("orderId", b1, "acceptedAt", at(t0, 1))));
      out.add(event("order.accepted", Map.of("orderId", s1, "acceptedAt", at(t0, 2))));
      out.addAll(trade(t0, 3, "t1", b1, "2.5", 4, 4, 16, "2.5", "partially_filled", 4, 26, "2.5"));
      out.add(holding(buyer, 1, "4", t0));
      out.add(holding(seller, 1, "999996", t0));
      out.addAll(trade(t0, 8, "t2", b1, "3", 6, 10, 10, "2.8", "partially_filled", 10, 20, "2.8"));
      out.add(holding(buyer, 2, "10", t0));
      out.add(holding(seller, 2, "999990", t0));
      out.addAll(trade(t0, 13, "t3", b2, "2.8", 10, 10, 0, "2.8", "filled", 20, 10, "2.7"));
      out.add(holding(buyer, 3, "20", t0));
      out.add(holding(seller, 3, "999980", t0));
      Map<String, Object> cancelled = new LinkedHashMap<>();
      cancelled.put("orderId", b1);
      cancelled.put("ownerId", buyer);
      cancelled.put("tokenId", token);
      cancelled.put("filledQuantity", 10);
      cancelled.put("remainingQuantity", 10);
      cancelled.put("reason", "owner");
      cancelled.put("cancelledAt", at(t0, 18));
      out.add(event("order.cancelled", cancelled));
      // a holding older than the one stored
      out.add(holding(buyer, 1, "4", t0));
      return out;
    }

    /** The execution, the buy's fill and the sell's fill (the matcher's order), at t0 + second. */
    private List<Sent> trade(
        Instant t0,
        int second,
        String trade,
        String buy,
        String price,
        int quantity,
        int buyFilled,
        int buyRemaining,
        String buyAverage,
        String buyStatus,
        int sellFilled,
        int sellRemaining,
        String sellAverage) {
      String tradeId = run + "-" + trade;
      String at = at(t0, second);
      Map<String, Object> executed = new LinkedHashMap<>();
      executed.put("tradeId", tradeId);
      executed.put("tokenId", token);
      executed.put("price", new BigDecimal(price));
      executed.put("quantity", quantity);
      executed.put("buyerId", buyer);
      executed.put("sellerId", seller);
      executed.put("buyOrderId", buy);
      executed.put("sellOrderId", s1);
      executed.put("executedAt", at);
      String sellStatus = sellRemaining == 0 ? "filled" : "partially_filled";
      return List.of(
          event("trade.executed", executed),
          event(
              "order.filled",
              fill(
                  buy,
                  tradeId,
                  price,
                  quantity,
                  buyFilled,
                  buyRemaining,
                  buyAverage,
                  buyStatus,
                  at)),
          event(
              "order.filled",
              fill(
                  s1,
                  tradeId,
                  price,
                  quantity,
                  sellFilled,
                  sellRemaining,
                  sellAverage,
                  sellStatus,
                  at)));
    }

    Sent holding(String owner, long sequence, String quantity, Instant t0) {
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("ownerId", owner);
      d.put("tokenId", token);
      d.put("sequence", sequence);
      d.put("quantity", new BigDecimal(quantity));
      d.put("occurredAt", t0.toString());
      return event("holding.changed", d);
    }

    private Sent event(String name, Map<String, Object> data) {
      return new Sent(
          token, UUID.randomUUID().toString(), "equitoken.trading." + name + ".v1", data);
    }

    /** The projected rows of this market, its ids replaced by their roles. */
    Map<String, List<String>> state() {
      String orders = "('" + b1 + "', '" + b2 + "', '" + s1 + "')";
      Map<String, List<String>> s = new LinkedHashMap<>();
      s.put(
          "orders",
          rows(
              "select concat_ws('|', id, status, filled_quantity::float8, remaining_quantity::float8,"
                  + " average_price::float8, coalesce(reason_code, ''),"
                  + " coalesce(reason_detail, ''), to_char(updated_at at time zone 'UTC',"
                  + " 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')) from trade_order where id in "
                  + orders
                  + " order by 1"));
      s.put(
          "fills",
          rows(
              "select concat_ws('|', order_id, trade_id, price::float8, quantity::float8,"
                  + " executed_at) from order_fill where order_id in "
                  + orders
                  + " order by 1"));
      s.put(
          "trades",
          rows(
              "select concat_ws('|', trade_id, price::float8, quantity::float8, executed_at,"
                  + " window_id is null) from executed_trade where token_id = '"
                  + token
                  + "' order by 1"));
      s.put(
          "holdings",
          rows(
              "select concat_ws('|', owner_id, quantity::float8, sequence) from holding_state"
                  + " where token_id = '"
                  + token
                  + "' and owner_id in ('"
                  + buyer
                  + "', '"
                  + seller
                  + "') order by 1"));
      String owners = "('" + buyer + "', '" + seller + "')";
      s.put(
          "accounts",
          rows(
              "select concat_ws('|', owner_id, balance, reserved, sequence) from cash_account"
                  + " where owner_id in "
                  + owners
                  + " order by 1"));
      s.put(
          "entries",
          rows(
              "select concat_ws('|', owner_id, sequence, kind, amount, reserved_change,"
                  + " balance_after, reserved_after, order_id, trade_id, price::float8,"
                  + " quantity::float8, fee, occurred_at) from cash_entry where owner_id in "
                  + owners
                  + " and kind in ('buy', 'sell', 'order_released') order by 1"));
      s.put(
          "reservations",
          rows(
              "select concat_ws('|', order_id, amount, notional::float8, spent, released,"
                  + " case when closed_at is null then 'open' else 'closed' end) from cash_reservation where order_id in "
                  + orders
                  + " order by 1"));
      s.put(
          "settlements",
          rows(
              "select concat_ws('|', trade_id, buy_order_id, sell_order_id, amount, fee, status,"
                  + " settled_at) from cash_settlement where buy_order_id in "
                  + orders
                  + " order by 1"));
      return s;
    }

    private List<String> rows(String sql) {
      return db
          .sql(sql)
          .map(row -> roles(row.get(0, String.class)))
          .all()
          .collectList()
          .block(Duration.ofSeconds(10))
          .stream()
          .sorted()
          .toList();
    }

    private String roles(String row) {
      return row.replace(b1, "B1")
          .replace(b2, "B2")
          .replace(s1, "S1")
          .replace(run + "-", "")
          .replace(buyer, "buyer")
          .replace(seller, "seller");
    }
  }

  private static Map<String, Object> fill(
      String orderId,
      String tradeId,
      String price,
      int quantity,
      int filled,
      int remaining,
      String average,
      String status,
      String at) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("orderId", orderId);
    d.put("tradeId", tradeId);
    d.put("price", new BigDecimal(price));
    d.put("quantity", quantity);
    d.put("filledQuantity", filled);
    d.put("remainingQuantity", remaining);
    d.put("averagePrice", new BigDecimal(average));
    d.put("status", status);
    d.put("executedAt", at);
    return d;
  }

  private static String at(Instant t0, int seconds) {
    return t0.plusSeconds(seconds).toString();
  }

  record Sent(String key, String id, String type, Map<String, Object> data) {}

  private Sent send(Sent e) {
    fixtures.send(TOPIC, e.key(), e.id(), e.type(), e.data());
    return e;
  }

  /**
   * Sends the events as one producer batch, so that they reach the log together: a fetch that was
   * waiting when the container paused cannot bring the first of them alone.
   */
  private void sendTogether(List<Sent> events) {
    List<java.util.concurrent.CompletableFuture<?>> sent = new ArrayList<>();
    for (Sent e : events) {
      EventEnvelope event =
          new EventEnvelope(
              e.id(),
              e.type(),
              "/test",
              e.key(),
              Instant.now().truncatedTo(ChronoUnit.MILLIS),
              e.key(),
              JSON.writeValueAsString(e.data()));
      sent.add(kafka.send(CloudEvents.toRecord(TOPIC, event)));
    }
    kafka.flush();
    java.util.concurrent.CompletableFuture.allOf(
            sent.toArray(java.util.concurrent.CompletableFuture[]::new))
        .orTimeout(30, java.util.concurrent.TimeUnit.SECONDS)
        .join();
  }

  private boolean applied(Sent e) {
    return count(
            "select count(*) from processed_event where consumer = $1 and event_id = $2",
            CONSUMER,
            e.id())
        == 1;
  }

  private void awaitApplied(Sent e) {
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(50))
        .until(() -> applied(e));
  }

  /**
   * The statements sent from {@code start} until {@code done}; nothing else writes or reads the
   * projected and cash tables meanwhile (no matcher, no requests).
   */
  private List<String> counted(Runnable start, java.util.concurrent.Callable<Boolean> done) {
    try (SentStatements sent = SentStatements.capture()) {
      start.run();
      await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(done);
      return sent.all().stream().filter(m -> !m.contains("processed_event")).toList();
    }
  }

  private static List<String> on(List<String> tables, List<String> statements) {
    return statements.stream().filter(m -> tables.stream().anyMatch(m::contains)).toList();
  }
}
