package io.equitoken.trading.service.cash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.core.RefusedException;
import io.equitoken.trading.service.kernel.TradingMessage;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import reactor.core.publisher.Mono;

/**
 * Deposits, funded buys, fills at any price within the limit (partial or whole, replayed or not),
 * order ends (cancel, expiry, IOC remainder, self-trade prevention, an auction's leftovers) and
 * withdrawals in any interleaving: no account is ever overdrawn, cash is conserved, an order never
 * spends more than it reserved, and what is reserved is exactly what open orders and requested
 * withdrawals still hold.
 */
class CashLedgerProperties {

  private static final Money USD = Money.of("USD");
  private static final List<String> BUYERS = List.of("inv-a", "inv-b", "inv-c");
  private static final String SELLER = "founder-x";

  /** One step of a random session; indices pick among what exists at that moment. */
  record Step(int kind, int who, long cents, int quantity, int ticks, int pick, int share) {}

  @Provide
  Arbitrary<Step> steps() {
    return Combinators.combine(
            Arbitraries.integers().between(0, 6),
            Arbitraries.integers().between(0, BUYERS.size() - 1),
            Arbitraries.longs().between(0, 200_000),
            Arbitraries.integers().between(1, 40),
            Arbitraries.integers().between(1, 900),
            Arbitraries.integers().between(0, 1000),
            Arbitraries.integers().between(1, 100))
        .as(Step::new);
  }

  /** An open buy order of the model: what it may still fill, and at most at which price. */
  private record Open(UUID orderId, String owner, int remaining, int limitTicks) {}

  @Property(tries = 300)
  void shouldNeverOverspendAndAlwaysConserveCash(
      @ForAll @Size(max = 60) List<@net.jqwik.api.From("steps") Step> steps,
      @ForAll @IntRange(min = 0, max = 150) int feeBasisPoints) {
    LedgerBooks books = new LedgerBooks();
    List<TradingMessage> published = new ArrayList<>();
    CashLedger ledger =
        new CashLedger(
            books,
            m -> Mono.fromRunnable(() -> published.add(m)),
            new CashLedger.Settings(USD, feeBasisPoints, "platform-fees"),
            UUID::randomUUID);
    List<Open> open = new ArrayList<>();
    List<UUID> requested = new ArrayList<>();
    List<String> trades = new ArrayList<>();
    Instant at = Instant.parse("2026-11-26T10:00:00Z");
    for (Step s : steps) {
      String who = BUYERS.get(s.who());
      switch (s.kind()) {
        case 0 ->
            ledger
                .deposit(
                    "operator-1", who, USD.major(s.cents() + 1), "ref-" + UUID.randomUUID(), at)
                .block();
        case 1 -> {
          UUID orderId = UUID.randomUUID();
          BigDecimal limit = USD.major(s.ticks());
          long required = USD.reserveFor(BigDecimal.valueOf(s.quantity()), limit);
          long available = ledger.account(who).block().available();
          if (required > available) {
            assertThatThrownBy(
                    () ->
                        ledger
                            .reserveForBuy(
                                who, orderId, "tok", BigDecimal.valueOf(s.quantity()), limit, at)
                            .block())
                .isInstanceOfSatisfying(
                    RefusedException.class,
                    e -> assertThat(e.refusal().code()).isEqualTo("insufficient-funds"));
          } else {
            ledger
                .reserveForBuy(who, orderId, "tok", BigDecimal.valueOf(s.quantity()), limit, at)
                .block();
            open.add(new Open(orderId, who, s.quantity(), s.ticks()));
          }
        }
        case 2 -> {
          if (!open.isEmpty()) {
            int i = s.pick() % open.size();
            Open o = open.get(i);
            int quantity = Math.max(1, o.remaining() * s.share() / 100);
            int priceTicks = 1 + (s.pick() % o.limitTicks()); // at or better than the limit
            String tradeId = "trade-" + UUID.randomUUID();
            trades.add(tradeId);
            ledger.settle(fill(tradeId, o, quantity, priceTicks, at)).block();
            if (o.remaining() == quantity) {
              ledger.release(o.orderId(), at).block();
              open.remove(i);
            } else {
              open.set(
                  i, new Open(o.orderId(), o.owner(), o.remaining() - quantity, o.limitTicks()));
            }
          }
        }
        case 3 -> {
          if (!open.isEmpty()) {
            Open o = open.remove(s.pick() % open.size());
            ledger.release(o.orderId(), at).block();
            ledger.release(o.orderId(), at).block(); // a replayed end releases nothing more
          }
        }
        case 4 -> {
          long available = ledger.account(who).block().available();
          long amount = s.cents() + 1;
          if (amount > available) {
            assertThatThrownBy(() -> ledger.requestWithdrawal(who, USD.major(amount), at).block())
                .isInstanceOf(RefusedException.class);
          } else {
            requested.add(ledger.requestWithdrawal(who, USD.major(amount), at).block().id());
          }
        }
        case 5 -> {
          if (!requested.isEmpty()) {
            UUID id = requested.remove(s.pick() % requested.size());
            if (s.share() % 2 == 0) {
              ledger.markPaid(id, "operator-1", "ach-" + id, at).block();
            } else {
              ledger.markFailed(id, "operator-1", "bounced", at).block();
            }
          }
        }
        default -> {
          if (!trades.isEmpty() && !open.isEmpty()) {
            // a replayed execution (same trade id) moves nothing
            long before = books.entries.size();
            Open o = open.get(s.pick() % open.size());
            ledger.settle(fill(trades.get(s.pick() % trades.size()), o, 1, 1, at)).block();
            assertThat(books.entries).hasSize((int) before);
          }
        }
      }
      assertWhole(books, open, requested);
    }
    // when every order ends, nothing stays reserved but requested withdrawals
    for (Open o : open) {
      ledger.release(o.orderId(), at).block();
    }
    assertWhole(books, List.of(), requested);
    assertThat(published).hasSizeGreaterThanOrEqualTo(books.entries.size());
  }

  private static CashLedger.Fill fill(
      String tradeId, Open o, int quantity, int priceTicks, Instant at) {
    return new CashLedger.Fill(
        tradeId,
        "tok",
        o.orderId(),
        UUID.randomUUID(),
        o.owner(),
        SELLER,
        USD.major(priceTicks),
        BigDecimal.valueOf(quantity),
        at);
  }

  private static void assertWhole(LedgerBooks books, List<Open> open, List<UUID> requested) {
    LedgerTotals totals = books.totals().block();
    assertThat(totals.balanced()).as("conserved: %s", totals).isTrue();
    books
        .accounts
        .values()
        .forEach(
            a -> {
              assertThat(a.reserved()).as("reserved of %s", a).isNotNegative();
              assertThat(a.available()).as("available of %s", a).isNotNegative();
            });
    books
        .reservations
        .values()
        .forEach(r -> assertThat(r.spent() + r.released()).isLessThanOrEqualTo(r.amount()));
    long held =
        books.reservations.values().stream()
                .filter(r -> open.stream().anyMatch(o -> o.orderId().equals(r.orderId())))
                .mapToLong(Reservation::held)
                .sum()
            + requested.stream().mapToLong(id -> books.withdrawals.get(id).amount()).sum();
    assertThat(totals.reserved()).isEqualTo(held);
  }
}
