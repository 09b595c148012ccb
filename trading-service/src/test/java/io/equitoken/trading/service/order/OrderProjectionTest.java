package io.equitoken.trading.service.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The matcher's results turned into order changes, and a poll's changes into what the store writes
 * (the store's statements themselves are checked against PostgreSQL by ProjectionPollIT).
 */
class OrderProjectionTest {

  private static final Instant AT = Instant.parse("2026-11-23T08:00:00Z");

  private final UUID id = UUID.randomUUID();

  @Test
  void shouldKeepTheMatchersCodeAndDetailOnARejectedOrder() {
    OrderProjection.Ended e = OrderProjection.rejected(id, "token.unknown", "No such token", AT);

    assertThat(e.status()).isEqualTo(OrderStatus.REJECTED);
    assertThat(e.reasonCode()).isEqualTo("token.unknown");
    assertThat(e.reasonDetail()).isEqualTo("No such token");
    assertThat(e.filledQuantity()).isNull();
  }

  @Test
  void shouldMarkAnOrderPartiallyFilledWhileSomethingRemains() {
    assertThat(filled("t1", "4", "6", "partially_filled").status())
        .isEqualTo(OrderStatus.PARTIALLY_FILLED);
  }

  @Test
  void shouldMarkAnOrderFilledWhenNothingRemainsWhateverStatusTheEventNames() {
    assertThat(filled("t1", "10", "0.00", "partially_filled").status())
        .isEqualTo(OrderStatus.FILLED);
  }

  @Test
  void shouldMarkAnOrderFilledWhenTheMatcherSaysSo() {
    assertThat(filled("t1", "9", "1", "filled").status()).isEqualTo(OrderStatus.FILLED);
  }

  @Test
  void shouldEndCancelledAndExpiredOrdersWithTheirFiguresAndReason() {
    OrderProjection.Ended cancelled =
        OrderProjection.cancelled(id, dec("3"), dec("7"), "owner", AT);
    OrderProjection.Ended expired = OrderProjection.expired(id, dec("0"), dec("10"), AT);

    assertThat(cancelled.status()).isEqualTo(OrderStatus.CANCELLED);
    assertThat(cancelled.reasonCode()).isEqualTo("owner");
    assertThat(cancelled.remainingQuantity()).isEqualByComparingTo("7");
    assertThat(expired.status()).isEqualTo(OrderStatus.EXPIRED);
    assertThat(expired.reasonCode()).isNull();
  }

  @Test
  void shouldWriteEachOrdersFirstAcceptanceAndFirstEndAndEachFillOnce() {
    UUID other = UUID.randomUUID();
    List<OrderProjection.Change> poll =
        List.of(
            OrderProjection.accepted(id, AT),
            filled("t1", "4", "6", "partially_filled"),
            OrderProjection.accepted(id, AT.plusSeconds(1)),
            filled("t1", "4", "6", "partially_filled"),
            filled("t2", "6", "4", "partially_filled"),
            OrderProjection.cancelled(id, dec("6"), dec("4"), "owner", AT.plusSeconds(2)),
            OrderProjection.expired(id, dec("6"), dec("4"), AT.plusSeconds(3)),
            OrderProjection.accepted(other, AT));

    OrderProjection.Batch batch = OrderProjection.batch(poll);

    assertThat(batch.accepted())
        .containsExactly(OrderProjection.accepted(id, AT), OrderProjection.accepted(other, AT));
    assertThat(batch.fills())
        .extracting(f -> f.filled().fill().tradeId(), OrderStore.NewFill::moves)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("t1", true),
            org.assertj.core.groups.Tuple.tuple("t2", true));
    assertThat(batch.ended())
        .extracting(OrderProjection.Ended::status)
        .containsExactly(OrderStatus.CANCELLED);
  }

  @Test
  void shouldNotMoveAnOrderByAFillThatCameAfterItsEnd() {
    List<OrderProjection.Change> poll =
        List.of(
            filled("t1", "4", "6", "partially_filled"),
            OrderProjection.cancelled(id, dec("4"), dec("6"), "owner", AT),
            filled("t2", "6", "4", "partially_filled"));

    assertThat(OrderProjection.batch(poll).fills())
        .extracting(OrderStore.NewFill::moves)
        .containsExactly(true, false);
  }

  @Property(tries = 100)
  void shouldBeFilledExactlyWhenNothingRemains(
      @ForAll @IntRange(min = 1, max = 1000) int quantity,
      @ForAll @IntRange(min = 0, max = 1000) int filledRaw) {
    int filled = Math.min(filledRaw, quantity);
    BigDecimal remaining = new BigDecimal(quantity - filled);

    OrderProjection.Filled f =
        OrderProjection.filled(
            UUID.randomUUID(),
            new Order.Fill("t", dec("2.5"), new BigDecimal(filled), AT),
            new BigDecimal(filled),
            remaining,
            dec("1"),
            "partially_filled");

    assertThat(f.status())
        .isEqualTo(remaining.signum() == 0 ? OrderStatus.FILLED : OrderStatus.PARTIALLY_FILLED);
  }

  private OrderProjection.Filled filled(
      String trade, String filled, String remaining, String status) {
    return OrderProjection.filled(
        id,
        new Order.Fill(trade, dec("2.5"), dec(filled), AT),
        dec(filled),
        dec(remaining),
        dec("2.5"),
        status);
  }

  private static BigDecimal dec(String value) {
    return new BigDecimal(value);
  }
}
