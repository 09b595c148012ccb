package io.equitoken.trading.service.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The matcher's results turned into order statuses, over orders kept in a map. */
class OrderProjectionTest {

  private static final Instant AT = Instant.parse("2026-11-23T08:00:00Z");

  private final Orders orders = new Orders();
  private final OrderProjection projection = new OrderProjection(orders);
  private final UUID id = orders.pending("10");

  @Test
  void shouldOpenAnAcceptedOrder() {
    projection.accepted(id, AT).block();

    assertThat(orders.get(id).status()).isEqualTo(OrderStatus.OPEN);
    assertThat(orders.get(id).updatedAt()).isEqualTo(AT);
  }

  @Test
  void shouldKeepTheMatchersCodeAndDetailOnARejectedOrder() {
    projection.rejected(id, "token.unknown", "No such token", AT).block();

    Order o = orders.get(id);
    assertThat(o.status()).isEqualTo(OrderStatus.REJECTED);
    assertThat(o.reasonCode()).isEqualTo("token.unknown");
    assertThat(o.reasonDetail()).isEqualTo("No such token");
  }

  @Test
  void shouldMarkAnOrderPartiallyFilledWhileSomethingRemains() {
    projection
        .filled(id, fill("t1", "4"), dec("4"), dec("6"), dec("2.5"), "partially_filled")
        .block();

    Order o = orders.get(id);
    assertThat(o.status()).isEqualTo(OrderStatus.PARTIALLY_FILLED);
    assertThat(o.filledQuantity()).isEqualByComparingTo("4");
    assertThat(o.remainingQuantity()).isEqualByComparingTo("6");
    assertThat(o.averagePrice()).isEqualByComparingTo("2.5");
    assertThat(o.fills()).extracting(Order.Fill::tradeId).containsExactly("t1");
  }

  @Test
  void shouldMarkAnOrderFilledWhenNothingRemainsWhateverStatusTheEventNames() {
    projection
        .filled(id, fill("t1", "10"), dec("10"), dec("0.00"), dec("2.5"), "partially_filled")
        .block();

    assertThat(orders.get(id).status()).isEqualTo(OrderStatus.FILLED);
  }

  @Test
  void shouldMarkAnOrderFilledWhenTheMatcherSaysSo() {
    projection.filled(id, fill("t1", "9"), dec("9"), dec("1"), dec("2.5"), "filled").block();

    assertThat(orders.get(id).status()).isEqualTo(OrderStatus.FILLED);
  }

  @Test
  void shouldEndACancelledOrderWithItsFiguresAndReason() {
    projection.cancelled(id, dec("3"), dec("7"), "owner", AT).block();

    Order o = orders.get(id);
    assertThat(o.status()).isEqualTo(OrderStatus.CANCELLED);
    assertThat(o.filledQuantity()).isEqualByComparingTo("3");
    assertThat(o.remainingQuantity()).isEqualByComparingTo("7");
    assertThat(o.reasonCode()).isEqualTo("owner");
  }

  @Test
  void shouldEndAnExpiredOrderWithoutAReason() {
    projection.expired(id, dec("0"), dec("10"), AT).block();

    Order o = orders.get(id);
    assertThat(o.status()).isEqualTo(OrderStatus.EXPIRED);
    assertThat(o.reasonCode()).isNull();
    assertThat(o.updatedAt()).isEqualTo(AT);
  }

  @Property(tries = 100)
  void shouldBeFilledExactlyWhenNothingRemains(
      @ForAll @IntRange(min = 1, max = 1000) int quantity,
      @ForAll @IntRange(min = 0, max = 1000) int filledRaw) {
    int filled = Math.min(filledRaw, quantity);
    Orders books = new Orders();
    UUID order = books.pending(String.valueOf(quantity));
    BigDecimal remaining = new BigDecimal(quantity - filled);

    new OrderProjection(books)
        .filled(
            order,
            fill("t", String.valueOf(filled)),
            new BigDecimal(filled),
            remaining,
            dec("1"),
            "partially_filled")
        .block();

    assertThat(books.get(order).status())
        .isEqualTo(remaining.signum() == 0 ? OrderStatus.FILLED : OrderStatus.PARTIALLY_FILLED);
  }

  private static Order.Fill fill(String trade, String quantity) {
    return new Order.Fill(trade, dec("2.5"), dec(quantity), AT);
  }

  private static BigDecimal dec(String value) {
    return new BigDecimal(value);
  }

  /** Orders by id: the projection's writes applied as the port describes them. */
  private static final class Orders implements OrderStore {
    private final Map<UUID, Order> byId = new LinkedHashMap<>();

    @Override
    public reactor.core.publisher.Flux<Order> requestCancelOfOpen(
        String tokenId, String ownerId, java.time.Instant at) {
      throw new UnsupportedOperationException("not used by the projection");
    }

    UUID pending(String quantity) {
      UUID id = UUID.randomUUID();
      byId.put(
          id,
          new Order(
              id,
              "inv-1",
              "tok-1",
              "buy",
              dec(quantity),
              dec("2.5"),
              UUID.randomUUID(),
              OrderStatus.PENDING,
              BigDecimal.ZERO,
              dec(quantity),
              null,
              null,
              null,
              null,
              AT.minusSeconds(1),
              AT.minusSeconds(1),
              List.of()));
      return id;
    }

    Order get(UUID id) {
      return byId.get(id);
    }

    @Override
    public Mono<Void> insert(Order order) {
      return Mono.fromRunnable(() -> byId.put(order.id(), order));
    }

    @Override
    public Mono<Boolean> insertWithinOpenCap(Order order, int maxOpen) {
      return Mono.fromSupplier(
          () -> {
            long open =
                byId.values().stream()
                    .filter(o -> o.ownerId().equals(order.ownerId()))
                    .filter(o -> o.tokenId().equals(order.tokenId()))
                    .filter(o -> !o.status().isFinal())
                    .count();
            if (open >= maxOpen) {
              return false;
            }
            byId.put(order.id(), order);
            return true;
          });
    }

    @Override
    public Mono<Order> find(UUID id) {
      return Mono.justOrEmpty(byId.get(id));
    }

    @Override
    public Flux<Order> page(
        String ownerId,
        OrderStatus status,
        String tokenId,
        Instant afterCreated,
        UUID afterId,
        int limit) {
      return Flux.fromIterable(List.copyOf(byId.values())).take(limit);
    }

    @Override
    public Mono<Void> cancelRequested(UUID id, Instant at) {
      return Mono.empty();
    }

    @Override
    public Mono<Void> accepted(UUID id, Instant at) {
      return update(
          id,
          o ->
              with(
                  o,
                  OrderStatus.OPEN,
                  o.filledQuantity(),
                  o.remainingQuantity(),
                  o.averagePrice(),
                  null,
                  null,
                  at,
                  o.fills()));
    }

    @Override
    public Mono<Void> rejected(UUID id, String code, String detail, Instant at) {
      return update(
          id,
          o ->
              with(
                  o,
                  OrderStatus.REJECTED,
                  o.filledQuantity(),
                  o.remainingQuantity(),
                  o.averagePrice(),
                  code,
                  detail,
                  at,
                  o.fills()));
    }

    @Override
    public Mono<Void> filled(
        UUID id,
        Order.Fill fill,
        BigDecimal filled,
        BigDecimal remaining,
        BigDecimal average,
        OrderStatus status) {
      return update(
          id,
          o -> {
            List<Order.Fill> fills = new ArrayList<>(o.fills());
            fills.add(fill);
            return with(
                o, status, filled, remaining, average, null, null, fill.executedAt(), fills);
          });
    }

    @Override
    public Mono<Void> ended(
        UUID id,
        OrderStatus status,
        BigDecimal filled,
        BigDecimal remaining,
        String reason,
        Instant at) {
      return update(
          id,
          o -> with(o, status, filled, remaining, o.averagePrice(), reason, null, at, o.fills()));
    }

    private Mono<Void> update(UUID id, java.util.function.UnaryOperator<Order> change) {
      return Mono.fromRunnable(() -> byId.computeIfPresent(id, (k, o) -> change.apply(o)));
    }

    private static Order with(
        Order o,
        OrderStatus status,
        BigDecimal filled,
        BigDecimal remaining,
        BigDecimal average,
        String code,
        String detail,
        Instant at,
        List<Order.Fill> fills) {
      return new Order(
          o.id(),
          o.ownerId(),
          o.tokenId(),
          o.side(),
          o.quantity(),
          o.limitPrice(),
          o.windowId(),
          status,
          filled,
          remaining,
          average,
          code,
          detail,
          o.cancelRequestedAt(),
          o.createdAt(),
          at,
          fills);
    }
  }
}
