package io.equitoken.trading.service.cash;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The cash work of one poll of the matcher's results, worked out in record order on the poll's
 * reservations as they were read (locked) before it: each new execution's settlement and legs, each
 * ended order's release, and the reservations as they end up. Nothing here touches the store;
 * {@link CashLedger#apply} writes what it answers.
 */
final class CashPoll {

  private final CashLedger.Settings settings;
  private final Supplier<UUID> ids;
  private final Map<UUID, Reservation> reservations;
  private final Set<String> settled;
  private final Set<UUID> changed = new LinkedHashSet<>();
  private final List<Settlement> settlements = new ArrayList<>();
  private final List<CashEntry.Draft> legs = new ArrayList<>();

  /**
   * @param reservations the reservations of the poll's buy orders (those that have one)
   * @param settledBefore the poll's trade ids that were settled before it
   */
  CashPoll(
      CashLedger.Settings settings,
      Supplier<UUID> ids,
      Collection<Reservation> reservations,
      Collection<String> settledBefore) {
    this.settings = settings;
    this.ids = ids;
    this.reservations = new HashMap<>();
    reservations.forEach(r -> this.reservations.put(r.orderId(), r));
    this.settled = new HashSet<>(settledBefore);
  }

  /** The buy orders whose reservations the work reads, and the trades it may settle. */
  record Reads(Set<UUID> orderIds, Set<String> tradeIds) {
    static Reads of(List<CashLedger.Work> work) {
      Set<UUID> orders = new LinkedHashSet<>();
      Set<String> trades = new LinkedHashSet<>();
      for (CashLedger.Work w : work) {
        if (w instanceof CashLedger.Payment p) {
          orders.add(p.fill().buyOrderId());
          trades.add(p.fill().tradeId());
        } else if (w instanceof CashLedger.Release r) {
          orders.add(r.orderId());
        }
      }
      return new Reads(orders, trades);
    }
  }

  CashPoll addAll(List<CashLedger.Work> work) {
    for (CashLedger.Work w : work) {
      if (w instanceof CashLedger.Payment p) {
        pay(p.fill());
      } else if (w instanceof CashLedger.Release r) {
        release(r.orderId(), r.at());
      }
    }
    return this;
  }

  /** The executions new to the ledger, funded or not, in record order. */
  List<Settlement> settlements() {
    return List.copyOf(settlements);
  }

  /** The reservations the work changed, as they end up. */
  List<Reservation> reservations() {
    return changed.stream().map(reservations::get).toList();
  }

  /** Every account change, in record order (each execution's buyer, seller, fee). */
  List<CashEntry.Draft> legs() {
    return List.copyOf(legs);
  }

  /**
   * Delivery versus payment, once per trade id: the buyer pays from its order's reservation, the
   * seller receives the payment minus the platform fee, the fee account the fee. A buy order
   * without a reservation (placed before the ledger existed) is recorded as unfunded: nothing
   * moves.
   */
  private void pay(CashLedger.Fill fill) {
    if (!settled.add(fill.tradeId())) {
      return;
    }
    Reservation r = reservations.get(fill.buyOrderId());
    if (r == null) {
      settlements.add(settlement(fill, 0, 0, false));
      return;
    }
    Money money = settings.money();
    var notional = fill.price().multiply(fill.quantity());
    long amount = money.fillCost(r.notional(), notional);
    if (amount > r.held()) {
      throw new IllegalStateException(
          "Fill "
              + fill.tradeId()
              + " costs "
              + amount
              + " but order "
              + r.orderId()
              + " holds "
              + r.held());
    }
    long fee = Money.fee(amount, settings.feeBasisPoints());
    settlements.add(settlement(fill, amount, fee, true));
    put(
        new Reservation(
            r.orderId(),
            r.ownerId(),
            r.amount(),
            r.notional().add(notional),
            r.spent() + amount,
            r.released(),
            r.closedAt()));
    legs.add(
        leg(
            fill.buyerId(),
            CashKind.BUY,
            -amount,
            -amount,
            CashEntry.Refs.trade(
                fill.buyOrderId(),
                fill.tradeId(),
                fill.tokenId(),
                fill.price(),
                fill.quantity(),
                0),
            fill.executedAt()));
    legs.add(
        leg(
            fill.sellerId(),
            CashKind.SELL,
            amount - fee,
            0,
            CashEntry.Refs.trade(
                fill.sellOrderId(),
                fill.tradeId(),
                fill.tokenId(),
                fill.price(),
                fill.quantity(),
                fee),
            fill.executedAt()));
    if (fee > 0) {
      legs.add(
          leg(
              settings.feeAccount(),
              CashKind.FEE,
              fee,
              0,
              CashEntry.Refs.trade(
                  null, fill.tradeId(), fill.tokenId(), fill.price(), fill.quantity(), fee),
              fill.executedAt()));
    }
  }

  /**
   * Releases what an ended order did not spend (its reservation's remainder); nothing for sell
   * orders, orders without a reservation, or an order released before.
   */
  private void release(UUID orderId, Instant at) {
    Reservation r = reservations.get(orderId);
    if (r == null || r.closedAt() != null) {
      return;
    }
    long held = r.held();
    put(
        new Reservation(
            orderId, r.ownerId(), r.amount(), r.notional(), r.spent(), r.released() + held, at));
    if (held > 0) {
      legs.add(
          leg(
              r.ownerId(),
              CashKind.ORDER_RELEASED,
              0,
              -held,
              CashEntry.Refs.order(orderId, null),
              at));
    }
  }

  private void put(Reservation r) {
    reservations.put(r.orderId(), r);
    changed.add(r.orderId());
  }

  private static Settlement settlement(
      CashLedger.Fill fill, long amount, long fee, boolean funded) {
    return new Settlement(
        fill.tradeId(),
        fill.buyOrderId(),
        fill.sellOrderId(),
        fill.buyerId(),
        fill.sellerId(),
        amount,
        fee,
        funded,
        fill.executedAt());
  }

  private CashEntry.Draft leg(
      String ownerId,
      CashKind kind,
      long amount,
      long reservedChange,
      CashEntry.Refs refs,
      Instant at) {
    return new CashEntry.Draft(ids.get(), ownerId, kind, amount, reservedChange, refs, at);
  }
}
