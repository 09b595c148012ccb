package io.equitoken.trading.service.cash;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Refusal;
import io.equitoken.trading.service.kernel.TradingMessage;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * The money side of the market (docs/services/trading-service.md, "Money"). Two-phase: a buy
 * reserves its limit notional before its command can reach the matcher; each fill pays the seller
 * from that reservation (delivery versus payment, once per trade id); the end of the order releases
 * what it did not spend. Withdrawals reserve the same way. Every method runs inside the caller's
 * transaction and publishes {@code cash.changed} for every account it changes, in that transaction.
 */
public final class CashLedger {

  /** The settings: currency, platform fee in basis points, and the account that collects fees. */
  public record Settings(Money money, int feeBasisPoints, String feeAccount) {
    public Settings {
      if (feeBasisPoints < 0 || feeBasisPoints > 10_000) {
        throw new IllegalArgumentException("Expected a fee of 0 to 10000 basis points");
      }
    }
  }

  /** A fill's facts, from {@code trade.executed}. */
  public record Fill(
      String tradeId,
      String tokenId,
      UUID buyOrderId,
      UUID sellOrderId,
      String buyerId,
      String sellerId,
      BigDecimal price,
      BigDecimal quantity,
      Instant executedAt) {}

  private final CashStore store;
  private final EventPublisher<TradingMessage> messages;
  private final Settings settings;
  private final Supplier<UUID> ids;

  public CashLedger(
      CashStore store,
      EventPublisher<TradingMessage> messages,
      Settings settings,
      Supplier<UUID> ids) {
    this.store = store;
    this.messages = messages;
    this.settings = settings;
    this.ids = ids;
  }

  public Money money() {
    return settings.money();
  }

  public Settings settings() {
    return settings;
  }

  // ---- orders ---------------------------------------------------------------------------------

  /**
   * Reserves {@code quantity × limitPrice} (rounded up) of the buyer's available cash for the
   * order, or refuses with {@code insufficient-funds} (422) naming what was needed and what is
   * available. Concurrent reservations of one account, from any instance, are serialised by the
   * account's row.
   */
  public Mono<Reservation> reserveForBuy(
      String ownerId,
      UUID orderId,
      String tokenId,
      BigDecimal quantity,
      BigDecimal limitPrice,
      Instant at) {
    CashEntry.Draft change = buyReservation(ownerId, orderId, tokenId, quantity, limitPrice, at);
    return reserved(change, store.reserve(change));
  }

  /**
   * The change that reserves {@code quantity × limitPrice} (rounded up) for a buy order, for a
   * store that applies it with the order's own write ({@link #reserved} then finishes it).
   */
  public CashEntry.Draft buyReservation(
      String ownerId,
      UUID orderId,
      String tokenId,
      BigDecimal quantity,
      BigDecimal limitPrice,
      Instant at) {
    return new CashEntry.Draft(
        ids.get(),
        ownerId,
        CashKind.ORDER_RESERVED,
        0,
        settings.money().reserveFor(quantity, limitPrice),
        CashEntry.Refs.order(orderId, tokenId),
        at);
  }

  /**
   * A {@link #buyReservation} as its store applied it, in the caller's transaction: published, or
   * refused with {@code insufficient-funds} when the available cash did not cover it (empty).
   */
  public Mono<Reservation> reserved(CashEntry.Draft reservation, Mono<CashEntry> applied) {
    String ownerId = reservation.ownerId();
    long amount = reservation.reservedChange();
    return applied
        .switchIfEmpty(Mono.defer(() -> insufficient(ownerId, amount)))
        .flatMap(this::publish)
        .thenReturn(
            new Reservation(
                reservation.refs().orderId(), ownerId, amount, BigDecimal.ZERO, 0, 0, null));
  }

  /**
   * What {@link #reserveForBuy} would refuse now ({@code insufficient-funds}), without reserving
   * anything; empty when the available cash covers the order.
   */
  public Mono<java.util.Optional<Refusal>> fundingRefusal(
      String ownerId, BigDecimal quantity, BigDecimal limitPrice) {
    long amount = settings.money().reserveFor(quantity, limitPrice);
    return account(ownerId)
        .map(
            a ->
                a.available() >= amount
                    ? java.util.Optional.<Refusal>empty()
                    : java.util.Optional.of(insufficientFunds(a, amount)));
  }

  private Refusal insufficientFunds(CashAccount a, long required) {
    return Refusal.unprocessable(
            "insufficient-funds",
            "Expected available cash of at least "
                + settings.money().major(required).toPlainString()
                + " "
                + settings.money().currency()
                + ", but "
                + settings.money().major(a.available()).toPlainString()
                + " is available")
        .with("required", settings.money().major(required))
        .with("available", settings.money().major(a.available()))
        .with("currency", settings.money().currency())
        .with("nextStep", "Deposit cash or lower the quantity or the maximum price");
  }

  private <T> Mono<T> insufficient(String ownerId, long required) {
    return store
        .account(ownerId)
        .defaultIfEmpty(CashAccount.empty(ownerId, settings.money().currency()))
        .flatMap(a -> Mono.error(insufficientFunds(a, required).exception()));
  }

  /** Cash work of one of the matcher's results: an execution's payment or an ended order's. */
  public sealed interface Work permits Payment, Release {}

  /**
   * Delivery versus payment for one execution, once per trade id: the buyer pays from its order's
   * reservation, the seller receives the payment minus the platform fee, the fee account the fee.
   */
  public record Payment(Fill fill) implements Work {}

  /**
   * An order ended: what it did not spend (its reservation's remainder) goes back to the buyer;
   * nothing for sell orders, orders without a reservation, or an order released before.
   */
  public record Release(UUID orderId, Instant at) implements Work {}

  /** One execution's {@link Payment}, in the caller's transaction. */
  public Mono<Void> settle(Fill fill) {
    return apply(List.of(new Payment(fill)));
  }

  /** One ended order's {@link Release}, in the caller's transaction. */
  public Mono<Void> release(UUID orderId, Instant at) {
    return apply(List.of(new Release(orderId, at)));
  }

  /**
   * A poll's cash work, in record order, in the caller's transaction and in the same number of
   * statements whatever its size: the reservations of its buy orders locked and read at once, then
   * the trades among its executions that were settled before, the work itself worked out in order
   * on what was read ({@link CashPoll}: exactly what one at a time would do), and the settlements,
   * the reservations and every account change each written with one statement.
   */
  public Mono<Void> apply(List<Work> work) {
    if (work.isEmpty()) {
      return Mono.empty();
    }
    CashPoll.Reads reads = CashPoll.Reads.of(work);
    // the reservations first: their locks serialise the settlement of one order's trades
    return store
        .lockReservations(reads.orderIds())
        .collectList()
        .flatMap(
            locked ->
                store
                    .settledTrades(reads.tradeIds())
                    .collectList()
                    .map(settled -> new CashPoll(settings, ids, locked, settled).addAll(work)))
        .flatMap(
            poll ->
                store
                    .claimSettlements(poll.settlements())
                    .then(store.updateReservations(poll.reservations()))
                    .thenMany(store.applyAll(poll.legs()))
                    .concatMap(this::publish)
                    .then());
  }

  public Mono<Reservation> reservation(UUID orderId) {
    return store.reservation(orderId);
  }

  /** The reservations of these orders by order id (a page of orders: one read). */
  public Mono<java.util.Map<UUID, Reservation>> reservations(java.util.Collection<UUID> orderIds) {
    return store.reservations(orderIds).collectMap(Reservation::orderId);
  }

  // ---- deposits and withdrawals ---------------------------------------------------------------

  /**
   * A recorded deposit, and whether it was recorded by this call (false: the same reference
   * before).
   */
  public record Recorded(Deposit deposit, boolean created) {}

  /**
   * Credits a deposit once per external reference. The same reference again answers the first
   * deposit if it names the same owner and amount, else {@code deposit-reference-conflict} (409).
   */
  public Mono<Recorded> deposit(
      String actor, String ownerId, BigDecimal amount, String externalReference, Instant at) {
    long minor = positiveAmount(amount, "amount");
    Deposit d = new Deposit(ids.get(), ownerId, minor, externalReference, actor, at);
    return store
        .insertDeposit(d)
        .flatMap(
            inserted -> {
              if (!inserted) {
                return store
                    .depositByReference(externalReference)
                    .map(
                        known -> {
                          if (!known.ownerId().equals(ownerId) || known.amount() != minor) {
                            throw Refusal.conflict(
                                    "deposit-reference-conflict",
                                    "External reference "
                                        + externalReference
                                        + " was recorded for another owner or amount")
                                .withField("externalReference")
                                .with("depositId", known.id().toString())
                                .exception();
                          }
                          return new Recorded(known, false);
                        });
              }
              return required(
                      new CashEntry.Draft(
                          ids.get(),
                          ownerId,
                          CashKind.DEPOSIT,
                          minor,
                          0,
                          CashEntry.Refs.deposit(d.id(), actor),
                          at))
                  .then(
                      messages.publish(
                          new CashEvents.DepositRecorded(
                              d.id().toString(),
                              ownerId,
                              currency(),
                              money().major(minor),
                              externalReference,
                              actor,
                              at)))
                  .thenReturn(new Recorded(d, true));
            });
  }

  /** Reserves the amount at once (422 {@code insufficient-funds} beyond what is available). */
  public Mono<Withdrawal> requestWithdrawal(String ownerId, BigDecimal amount, Instant at) {
    long minor = positiveAmount(amount, "amount");
    Withdrawal w =
        new Withdrawal(
            ids.get(),
            ownerId,
            minor,
            Withdrawal.Status.REQUESTED,
            ownerId,
            at,
            null,
            null,
            null,
            null);
    return store
        .apply(
            new CashEntry.Draft(
                ids.get(),
                ownerId,
                CashKind.WITHDRAWAL_REQUESTED,
                0,
                minor,
                CashEntry.Refs.withdrawal(w.id(), null, ownerId),
                at))
        .switchIfEmpty(Mono.defer(() -> insufficient(ownerId, minor)))
        .flatMap(this::publish)
        .then(store.insertWithdrawal(w))
        .then(messages.publish(withdrawalEvent(w)))
        .thenReturn(w);
  }

  /** {@code requested → paid}: the money leaves (balance and reservation down). */
  public Mono<Withdrawal> markPaid(UUID id, String actor, String externalReference, Instant at) {
    return settleWithdrawal(id, actor, Withdrawal.Status.PAID, externalReference, null, at);
  }

  /** {@code requested → failed}: the reservation is released, the money stays. */
  public Mono<Withdrawal> markFailed(UUID id, String actor, String reason, Instant at) {
    return settleWithdrawal(id, actor, Withdrawal.Status.FAILED, null, reason, at);
  }

  private Mono<Withdrawal> settleWithdrawal(
      UUID id,
      String actor,
      Withdrawal.Status to,
      String externalReference,
      String reason,
      Instant at) {
    return store
        .lockWithdrawal(id)
        .switchIfEmpty(Mono.error(() -> withdrawalNotFound(id)))
        .flatMap(
            w -> {
              if (w.status() != Withdrawal.Status.REQUESTED) {
                return Mono.error(
                    Refusal.conflict(
                            "withdrawal-final",
                            "Expected the withdrawal to be requested, but it is "
                                + w.status().wire())
                        .with("withdrawalStatus", w.status().wire())
                        .exception());
              }
              Withdrawal done =
                  new Withdrawal(
                      w.id(),
                      w.ownerId(),
                      w.amount(),
                      to,
                      w.requestedBy(),
                      w.requestedAt(),
                      externalReference,
                      reason,
                      actor,
                      at);
              boolean paid = to == Withdrawal.Status.PAID;
              CashEntry.Draft change =
                  new CashEntry.Draft(
                      ids.get(),
                      w.ownerId(),
                      paid ? CashKind.WITHDRAWAL_PAID : CashKind.WITHDRAWAL_FAILED,
                      paid ? -w.amount() : 0,
                      -w.amount(),
                      CashEntry.Refs.withdrawal(w.id(), reason, actor),
                      at);
              return required(change)
                  .then(store.updateWithdrawal(done))
                  .then(messages.publish(withdrawalEvent(done)))
                  .thenReturn(done);
            });
  }

  public static io.equitoken.platform.core.RefusedException withdrawalNotFound(Object id) {
    return Refusal.notFound("withdrawal-not-found", "No withdrawal with id " + id).exception();
  }

  // ---- corrections ------------------------------------------------------------------------------

  /**
   * An operator's correction: a signed amount with a reason, audited as an entry. A debit beyond
   * the available cash is refused ({@code insufficient-funds}).
   */
  public Mono<CashEntry> adjust(
      String actor, String ownerId, BigDecimal amount, String reason, Instant at) {
    long minor = exactAmount(amount, "amount");
    if (minor == 0) {
      throw Refusal.unprocessable("not-positive", "Expected a non-zero amount")
          .withField("amount")
          .exception();
    }
    CashEntry.Draft change =
        new CashEntry.Draft(
            ids.get(),
            ownerId,
            CashKind.ADJUSTMENT,
            minor,
            0,
            CashEntry.Refs.adjustment(reason, actor),
            at);
    return store
        .apply(change)
        .switchIfEmpty(Mono.defer(() -> insufficient(ownerId, -minor)))
        .flatMap(e -> publish(e).thenReturn(e));
  }

  // ---- reads ----------------------------------------------------------------------------------

  public Mono<CashAccount> account(String ownerId) {
    return store.account(ownerId).defaultIfEmpty(CashAccount.empty(ownerId, currency()));
  }

  public String currency() {
    return settings.money().currency();
  }

  // ---- helpers --------------------------------------------------------------------------------

  /** Applies a change that cannot fail by construction (a failure is a broken invariant). */
  private Mono<Void> required(CashEntry.Draft change) {
    return store
        .apply(change)
        .switchIfEmpty(
            Mono.error(() -> new IllegalStateException("Cash change would overdraw: " + change)))
        .flatMap(this::publish);
  }

  private Mono<Void> publish(CashEntry e) {
    Money m = settings.money();
    CashEntry.Refs r = e.refs();
    return messages.publish(
        new CashEvents.Changed(
            e.ownerId(),
            m.currency(),
            e.sequence(),
            m.major(e.balanceAfter()),
            m.major(e.reservedAfter()),
            m.major(e.available()),
            m.major(e.amount()),
            m.major(e.reservedChange()),
            e.kind().wire(),
            r.orderId() == null ? null : r.orderId().toString(),
            r.tradeId(),
            r.depositId() == null ? null : r.depositId().toString(),
            r.withdrawalId() == null ? null : r.withdrawalId().toString(),
            r.tokenId(),
            r.price(),
            r.quantity(),
            r.fee() == null ? null : m.major(r.fee()),
            e.occurredAt()));
  }

  private CashEvents.WithdrawalChanged withdrawalEvent(Withdrawal w) {
    return new CashEvents.WithdrawalChanged(
        w.id().toString(),
        w.ownerId(),
        currency(),
        money().major(w.amount()),
        w.status().wire(),
        w.externalReference(),
        w.failureReason(),
        w.requestedAt(),
        w.settledAt());
  }

  private long positiveAmount(BigDecimal amount, String field) {
    long minor = exactAmount(amount, field);
    if (minor <= 0) {
      throw Refusal.unprocessable("not-positive", "Expected " + field + " above 0")
          .withField(field)
          .exception();
    }
    return minor;
  }

  /** Minor units of an amount given in the currency (at most its decimal places, within bounds). */
  public long exactAmount(BigDecimal amount, String field) {
    if (amount == null) {
      throw Refusal.badRequest("missing-field", "Expected " + field + ", a number")
          .withField(field)
          .exception();
    }
    if (!money().exact(amount)) {
      throw Refusal.unprocessable(
              "off-grid",
              "Expected "
                  + field
                  + " with at most "
                  + money().scale()
                  + " decimal places ("
                  + currency()
                  + "), but it is "
                  + amount.toPlainString())
          .withField(field)
          .with("tickSize", money().major(1))
          .exception();
    }
    if (amount.abs().compareTo(MAX_AMOUNT) > 0) {
      throw Refusal.unprocessable(
              "out-of-range", "Expected " + field + " at most " + MAX_AMOUNT.toPlainString())
          .withField(field)
          .exception();
    }
    return money().minor(amount);
  }

  /** The largest amount one call may move (a thousand billion). */
  public static final BigDecimal MAX_AMOUNT = new BigDecimal("1000000000000");
}
