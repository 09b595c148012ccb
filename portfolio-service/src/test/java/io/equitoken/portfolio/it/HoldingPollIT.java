package io.equitoken.portfolio.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.core.Transactions;
import io.equitoken.platform.test.SentStatements;
import io.equitoken.portfolio.holding.HoldingChange;
import io.equitoken.portfolio.holding.Ledger;
import io.equitoken.portfolio.holding.Reason;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * A poll's holding changes are applied together, in a fixed number of statements, with the same
 * outcome as one at a time: every change's cost basis and the current holding.
 */
class HoldingPollIT extends PortfolioIntegrationBase {

  private static final Instant T0 = Instant.parse("2026-10-12T09:00:00Z");
  private static final String TRADING_LISTENER = "portfolio-trading";

  @Autowired private Ledger ledger;
  @Autowired private Transactions transactions;
  @Autowired private KafkaListenerEndpointRegistry listeners;

  private final String tokenA = UUID.randomUUID().toString();
  private final String tokenB = UUID.randomUUID().toString();
  private final String polled = "inv-poll-" + UUID.randomUUID();
  private final String oneByOne = "inv-single-" + UUID.randomUUID();

  @Test
  void shouldApplyAPollOfLateRepeatedAndKnownChangesAsOneAtATime() {
    // given a history in token A (buy 100 at 2, buy 50 at 4, reserve, sell 30 at 5, buy 30 at 6,
    // transfer 60 out) and in token B (buy 10 at 3, sell 5 at 4), its second change already known
    List<HoldingChange> a = historyOfTokenA(polled);
    List<HoldingChange> b = historyOfTokenB(polled);
    Market.send(event(a.get(1)));
    await().atMost(Duration.ofSeconds(60)).until(() -> rows(polled, tokenA) == 1);

    // when one poll brings them late, out of order, the known one again and one twice
    List<HoldingChange> arrival =
        List.of(
            a.get(4), b.get(1), a.get(2), a.get(1), a.get(5), a.get(0), b.get(0), a.get(3),
            a.get(2));
    MessageListenerContainer container = listeners.getListenerContainer(TRADING_LISTENER);
    container.pause();
    try {
      await().atMost(Duration.ofSeconds(60)).until(container::isContainerPaused);
      Market.batch(() -> arrival.forEach(c -> Market.send(event(c))));
    } finally {
      container.resume();
    }
    // (usually one poll; a fetch already under way when the container paused may bring the first
    // of them alone, so wait for every change, not only for the newest)
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                rows(polled, tokenA) == 6
                    && rows(polled, tokenB) == 2
                    && currentSequence(polled, tokenA) == 6
                    && currentSequence(polled, tokenB) == 2);

    // and, for another owner, the same changes are applied one at a time in the same order
    applyAlone(copyFor(oneByOne, a.get(1)));
    arrival.forEach(c -> applyAlone(copyFor(oneByOne, c)));

    // then every change's cost basis and the current holdings are the same, and the right ones:
    // A 200, 400, 400, 400 − 400 × 30/150 = 320, 500, 500 − 500 × 60/150 = 300; B 30, 15
    assertThat(costs(polled, tokenA)).isEqualTo(costs(oneByOne, tokenA));
    assertThat(costs(polled, tokenB)).isEqualTo(costs(oneByOne, tokenB));
    assertThat(costs(polled, tokenA).stream().map(BigDecimal::new).toList())
        .usingElementComparator(BigDecimal::compareTo)
        .containsExactly(bd(200), bd(400), bd(400), bd(320), bd(500), bd(300));
    assertThat(costs(polled, tokenB).stream().map(BigDecimal::new).toList())
        .usingElementComparator(BigDecimal::compareTo)
        .containsExactly(bd(30), bd(15));
    assertThat(holding(polled, tokenA)).isEqualTo(holding(oneByOne, tokenA)).startsWith("6|90|90|");
    assertThat(holding(polled, tokenB)).isEqualTo(holding(oneByOne, tokenB)).startsWith("2|5|5|");
    assertThat(new BigDecimal(holding(polled, tokenA).split("\\|")[3])).isEqualByComparingTo("300");
  }

  @Test
  void shouldApplyAPollInFourStatementsWhateverItsSize() {
    MessageListenerContainer container = listeners.getListenerContainer(TRADING_LISTENER);
    container.pause();
    try {
      // nothing else writes holdings while the statements are counted
      await().atMost(Duration.ofSeconds(60)).until(container::isContainerPaused);
      for (int owners : List.of(1, 4, 16)) {
        List<HoldingChange> poll = new ArrayList<>();
        for (int i = 0; i < owners; i++) {
          String owner = "inv-count-" + UUID.randomUUID();
          List<HoldingChange> late = new ArrayList<>(historyOfTokenA(owner));
          Collections.reverse(late);
          poll.addAll(late);
          poll.addAll(historyOfTokenB(owner));
        }

        assertThat(statementsOnHoldings(poll))
            .as("statements for %d changes", poll.size())
            .isEqualTo(4);
        // and a poll of known changes only stores nothing and reads nothing more
        assertThat(statementsOnHoldings(poll)).isEqualTo(1);
      }
    } finally {
      container.resume();
    }
  }

  /** The statements on holding_change and holding that applying {@code poll} sends. */
  private long statementsOnHoldings(List<HoldingChange> poll) {
    try (SentStatements sent = SentStatements.capture()) {
      transactions.inTransaction(ledger.applyAll(poll)).block(Duration.ofSeconds(30));
      return sent.matching("holding");
    }
  }

  private void applyAlone(HoldingChange change) {
    transactions.inTransaction(ledger.applyAll(List.of(change))).block(Duration.ofSeconds(30));
  }

  private List<HoldingChange> historyOfTokenA(String owner) {
    List<HoldingChange> out = new ArrayList<>();
    out.add(change(owner, tokenA, 1, "100", "100", "100", Reason.PURCHASE, "2"));
    out.add(change(owner, tokenA, 2, "150", "150", "50", Reason.TRADE_BUY, "4"));
    out.add(change(owner, tokenA, 3, "150", "100", "0", Reason.ORDER_RESERVED, null));
    out.add(change(owner, tokenA, 4, "120", "100", "-30", Reason.TRADE_SELL, "5"));
    out.add(change(owner, tokenA, 5, "150", "130", "30", Reason.TRADE_BUY, "6"));
    out.add(change(owner, tokenA, 6, "90", "90", "-60", Reason.TRANSFER_OUT, null));
    return out;
  }

  private List<HoldingChange> historyOfTokenB(String owner) {
    return List.of(
        change(owner, tokenB, 1, "10", "10", "10", Reason.PURCHASE, "3"),
        change(owner, tokenB, 2, "5", "5", "-5", Reason.TRADE_SELL, "4"));
  }

  private static HoldingChange change(
      String owner,
      String token,
      long sequence,
      String quantity,
      String available,
      String delta,
      Reason reason,
      String price) {
    boolean trade = reason.needsPrice();
    return new HoldingChange(
        owner,
        token,
        sequence,
        new BigDecimal(quantity),
        new BigDecimal(available),
        new BigDecimal(delta),
        reason,
        price == null ? null : new BigDecimal(price),
        trade ? UUID.randomUUID().toString() : null,
        trade ? UUID.randomUUID().toString() : null,
        reason == Reason.TRANSFER_OUT ? UUID.randomUUID().toString() : null,
        trade ? "3c0e7d7a-5a8f-4f52-9a55-7b1c9f1e2a01" : null,
        T0.plusSeconds(60 * sequence));
  }

  private static HoldingChange copyFor(String owner, HoldingChange c) {
    return new HoldingChange(
        owner,
        c.tokenId(),
        c.sequence(),
        c.quantity(),
        c.availableQuantity(),
        c.delta(),
        c.reason(),
        c.price(),
        c.tradeId(),
        c.orderId(),
        c.transferId(),
        c.windowId(),
        c.occurredAt());
  }

  /** The change as trading publishes it, under a fresh event id. */
  private static Market.Sent event(HoldingChange c) {
    String data =
        Market.valid(
            Market.HOLDING,
            e -> {
              e.put("ownerId", c.ownerId());
              e.put("tokenId", c.tokenId());
              e.put("sequence", c.sequence());
              e.put("quantity", c.quantity());
              e.put("availableQuantity", c.availableQuantity());
              e.put("delta", c.delta());
              e.put("reason", c.reason().wire());
              if (c.price() == null) {
                e.putNull("price");
              } else {
                e.put("price", c.price());
              }
              for (var id :
                  List.of(
                      new String[] {"tradeId", c.tradeId()},
                      new String[] {"orderId", c.orderId()},
                      new String[] {"transferId", c.transferId()},
                      new String[] {"windowId", c.windowId()})) {
                if (id[1] == null) {
                  e.putNull(id[0]);
                } else {
                  e.put(id[0], id[1]);
                }
              }
              e.put("occurredAt", c.occurredAt().toString());
            });
    return new Market.Sent(c.tokenId(), UUID.randomUUID().toString(), Market.HOLDING, data);
  }

  private long rows(String owner, String token) {
    return count(
        "select count(*) from holding_change where owner_id = $1 and token_id = $2", owner, token);
  }

  private long currentSequence(String owner, String token) {
    return count(
        "select coalesce(max(sequence), 0) from holding where owner_id = $1 and token_id = $2",
        owner,
        token);
  }

  /** Every change's cost basis as stored, in sequence order. */
  private List<String> costs(String owner, String token) {
    return db.sql(
            "select cost_basis::text from holding_change where owner_id = $1 and token_id = $2"
                + " order by sequence")
        .bind(0, owner)
        .bind(1, token)
        .map(row -> row.get(0, String.class))
        .all()
        .collectList()
        .block(Duration.ofSeconds(10));
  }

  /** The current holding as stored: sequence|quantity|available|cost basis|changed at. */
  private String holding(String owner, String token) {
    return db.sql(
            "select concat_ws('|', sequence, quantity, available_quantity, cost_basis,"
                + " changed_at) from holding where owner_id = $1 and token_id = $2")
        .bind(0, owner)
        .bind(1, token)
        .map(row -> row.get(0, String.class))
        .one()
        .block(Duration.ofSeconds(10));
  }

  private static BigDecimal bd(long value) {
    return BigDecimal.valueOf(value);
  }
}
