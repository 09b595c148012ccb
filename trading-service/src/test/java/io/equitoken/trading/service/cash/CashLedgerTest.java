package io.equitoken.trading.service.cash;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.trading.service.kernel.TradingMessage;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/** Delivery versus payment in the cases a market meets, each leaving every balance exact. */
class CashLedgerTest {

  private static final Money USD = Money.of("USD");
  private static final Instant AT = Instant.parse("2026-11-26T10:00:00Z");

  private final LedgerBooks books = new LedgerBooks();
  private final List<TradingMessage> published = new ArrayList<>();

  private CashLedger ledger(int feeBasisPoints) {
    return ledger(feeBasisPoints, books);
  }

  private CashLedger ledger(int feeBasisPoints, LedgerBooks books) {
    return new CashLedger(
        books,
        m -> Mono.fromRunnable(() -> published.add(m)),
        new CashLedger.Settings(USD, feeBasisPoints, "platform-fees"),
        UUID::randomUUID);
  }

  @Test
  void shouldPayTheSellerAtTheBetterPriceAndReleaseTheRest() {
    CashLedger ledger = ledger(0);
    ledger.deposit("op", "alice", new BigDecimal("1000.00"), "w-1", AT).block();
    UUID buy = UUID.randomUUID();
    ledger
        .reserveForBuy("alice", buy, "tok", new BigDecimal("10"), new BigDecimal("13.00"), AT)
        .block();
    assertAccount("alice", 100_000, 13_000);

    // filled at 12.75, better than the 13.00 limit
    ledger.settle(fill("t-1", buy, "alice", "issuer", "12.75", "10")).block();
    ledger.release(buy, AT).block();

    assertAccount("alice", 100_000 - 12_750, 0);
    assertAccount("issuer", 12_750, 0);
    assertThat(books.totals().block().balanced()).isTrue();
  }

  @Test
  void shouldTakeTheFeeFromTheSellersProceedsIntoTheFeeAccount() {
    CashLedger ledger = ledger(25); // 0.25 %
    ledger.deposit("op", "alice", new BigDecimal("1000.00"), "w-1", AT).block();
    UUID buy = UUID.randomUUID();
    ledger
        .reserveForBuy("alice", buy, "tok", new BigDecimal("10"), new BigDecimal("12.75"), AT)
        .block();
    ledger.settle(fill("t-1", buy, "alice", "issuer", "12.75", "10")).block();

    // 127.50 × 0.25 % = 0.31875 → 0.31 (rounded down)
    assertAccount("alice", 100_000 - 12_750, 0);
    assertAccount("issuer", 12_750 - 31, 0);
    assertAccount("platform-fees", 31, 0);
    assertThat(books.totals().block().balanced()).isTrue();
  }

  @Test
  void shouldSettlePartialFillsAndACancelExactly() {
    CashLedger ledger = ledger(0);
    ledger.deposit("op", "bob", new BigDecimal("500.00"), "w-2", AT).block();
    UUID buy = UUID.randomUUID();
    ledger
        .reserveForBuy("bob", buy, "tok", new BigDecimal("30"), new BigDecimal("10.00"), AT)
        .block();
    ledger.settle(fill("t-1", buy, "bob", "s1", "9.99", "10")).block();
    ledger.settle(fill("t-2", buy, "bob", "s2", "10.00", "5")).block();
    ledger.settle(fill("t-2", buy, "bob", "s2", "10.00", "5")).block(); // replayed: once
    ledger.release(buy, AT).block(); // cancelled with 15 left

    assertAccount("bob", 50_000 - 9_990 - 5_000, 0);
    assertAccount("s1", 9_990, 0);
    assertAccount("s2", 5_000, 0);
    assertThat(books.reservations.get(buy).spent()).isEqualTo(14_990);
    assertThat(books.reservations.get(buy).released()).isEqualTo(30_000 - 14_990);
  }

  @Test
  void shouldChargeAnAuctionUncrossBelowTheBidsLimitOnlyTheClearingPrice() {
    CashLedger ledger = ledger(0);
    ledger.deposit("op", "alice", new BigDecimal("100.00"), "w-1", AT).block();
    ledger.deposit("op", "bob", new BigDecimal("100.00"), "w-2", AT).block();
    UUID a = UUID.randomUUID();
    UUID b = UUID.randomUUID();
    ledger
        .reserveForBuy("alice", a, "tok", new BigDecimal("4"), new BigDecimal("12.00"), AT)
        .block();
    ledger.reserveForBuy("bob", b, "tok", new BigDecimal("4"), new BigDecimal("11.00"), AT).block();
    // the uncross clears at 10.50: alice fills 4, bob 2 (the auction's leftover expires)
    ledger.settle(fill("u-1", a, "alice", "issuer", "10.50", "4")).block();
    ledger.settle(fill("u-2", b, "bob", "issuer", "10.50", "2")).block();
    ledger.release(a, AT).block();
    ledger.release(b, AT).block();

    assertAccount("alice", 10_000 - 4_200, 0);
    assertAccount("bob", 10_000 - 2_100, 0);
    assertAccount("issuer", 6_300, 0);
  }

  @Test
  void shouldNeverChargeFillsOfFineLotsMoreThanTheReservation() {
    CashLedger ledger = ledger(0);
    ledger.deposit("op", "carol", new BigDecimal("10.00"), "w-3", AT).block();
    UUID buy = UUID.randomUUID();
    // 0.999 × 3.33 = 3.32667 → 3.33 reserved (rounded up)
    ledger
        .reserveForBuy("carol", buy, "tok", new BigDecimal("0.999"), new BigDecimal("3.33"), AT)
        .block();
    assertThat(books.reservations.get(buy).amount()).isEqualTo(333);
    for (int i = 0; i < 9; i++) {
      ledger.settle(fill("f-" + i, buy, "carol", "dave", "3.33", "0.111")).block();
    }
    ledger.release(buy, AT).block();
    // nine fills of 0.36963: charged on the cumulative notional, 3.33 in all, never more
    assertAccount("carol", 1_000 - 333, 0);
    assertAccount("dave", 333, 0);
  }

  @Test
  void shouldSettleNothingForAnOrderPlacedBeforeTheLedger() {
    CashLedger ledger = ledger(0);
    ledger.settle(fill("t-old", UUID.randomUUID(), "alice", "issuer", "2.50", "1")).block();
    assertThat(books.accounts).isEmpty();
    assertThat(books.settlements.get("t-old").funded()).isFalse();
  }

  @Test
  void shouldPublishEveryAccountChangeWithItsSequence() {
    CashLedger ledger = ledger(0);
    ledger.deposit("op", "alice", new BigDecimal("5.00"), "w-9", AT).block();
    ledger.requestWithdrawal("alice", new BigDecimal("2.00"), AT).block();
    List<CashEvents.Changed> changes =
        published.stream()
            .filter(CashEvents.Changed.class::isInstance)
            .map(CashEvents.Changed.class::cast)
            .toList();
    assertThat(changes).extracting(CashEvents.Changed::sequence).containsExactly(1L, 2L);
    assertThat(changes.get(1).available()).isEqualByComparingTo("3.00");
    assertThat(changes.get(1).reason()).isEqualTo("withdrawal_requested");
    assertThat(published).hasAtLeastOneElementOfType(CashEvents.DepositRecorded.class);
    assertThat(published).hasAtLeastOneElementOfType(CashEvents.WithdrawalChanged.class);
  }

  @Test
  void shouldLeaveTheSameBooksWhenAPollsWorkComesTogetherAsOneAtATime() {
    // given two ledgers with the same deposits and the same two buys reserved
    LedgerBooks together = new LedgerBooks();
    UUID b1 = UUID.randomUUID();
    UUID b2 = UUID.randomUUID();
    List<CashLedger.Work> poll =
        List.of(
            new CashLedger.Payment(fill("t-1", b1, "alice", "issuer", "9.99", "10")),
            new CashLedger.Payment(fill("t-2", b2, "bob", "issuer", "10.00", "3")),
            new CashLedger.Payment(fill("t-3", b1, "alice", "issuer", "10.01", "5")),
            new CashLedger.Payment(fill("t-1", b1, "alice", "issuer", "9.99", "10")),
            new CashLedger.Release(b1, AT),
            new CashLedger.Payment(fill("t-4", UUID.randomUUID(), "carol", "issuer", "10", "1")),
            new CashLedger.Release(b2, AT.plusSeconds(1)),
            new CashLedger.Release(b2, AT.plusSeconds(2)));
    CashLedger polled = ledger(25, together);
    CashLedger oneByOne = ledger(25);
    for (CashLedger l : List.of(polled, oneByOne)) {
      l.deposit("op", "alice", new BigDecimal("1000.00"), "w-1", AT).block();
      l.deposit("op", "bob", new BigDecimal("1000.00"), "w-2", AT).block();
      l.reserveForBuy("alice", b1, "tok", new BigDecimal("20"), new BigDecimal("10.50"), AT)
          .block();
      l.reserveForBuy("bob", b2, "tok", new BigDecimal("5"), new BigDecimal("10.00"), AT).block();
    }

    // when one ledger gets the poll's work at once and the other one item at a time
    polled.apply(poll).block();
    for (CashLedger.Work w : poll) {
      oneByOne.apply(List.of(w)).block();
    }

    // then accounts, entries, reservations and settlements are the same
    assertThat(together.accounts).isEqualTo(books.accounts);
    assertThat(together.entries.stream().map(CashLedgerTest::withoutId).toList())
        .isEqualTo(books.entries.stream().map(CashLedgerTest::withoutId).toList());
    assertThat(together.reservations).isEqualTo(books.reservations);
    assertThat(together.settlements).isEqualTo(books.settlements);
    assertThat(together.settlements.get("t-4").funded()).isFalse();
    assertThat(together.reservations.get(b1).closedAt()).isEqualTo(AT);
    assertThat(together.reservations.get(b2).closedAt()).isEqualTo(AT.plusSeconds(1));
    assertThat(together.totals().block().balanced()).isTrue();
  }

  private static String withoutId(CashEntry e) {
    return String.join(
        "|",
        e.ownerId(),
        String.valueOf(e.sequence()),
        e.kind().wire(),
        String.valueOf(e.amount()),
        String.valueOf(e.reservedChange()),
        String.valueOf(e.balanceAfter()),
        String.valueOf(e.reservedAfter()),
        String.valueOf(e.refs().orderId()),
        String.valueOf(e.refs().tradeId()),
        String.valueOf(e.refs().price()),
        String.valueOf(e.refs().quantity()),
        String.valueOf(e.refs().fee()));
  }

  private void assertAccount(String owner, long balance, long reserved) {
    CashAccount a = books.accounts.get(owner);
    assertThat(a).as(owner).isNotNull();
    assertThat(a.balance()).as("balance of " + owner).isEqualTo(balance);
    assertThat(a.reserved()).as("reserved of " + owner).isEqualTo(reserved);
  }

  private static CashLedger.Fill fill(
      String tradeId, UUID buyOrder, String buyer, String seller, String price, String quantity) {
    return new CashLedger.Fill(
        tradeId,
        "tok",
        buyOrder,
        UUID.randomUUID(),
        buyer,
        seller,
        new BigDecimal(price),
        new BigDecimal(quantity),
        AT);
  }
}
