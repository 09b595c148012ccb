package io.equitoken.trading.service.cash;

import java.util.Arrays;
import java.util.List;

/** Why an account changed: one kind per {@link CashEntry}, spelt as the API and events spell it. */
public enum CashKind {
  /** Money arrived from outside (recorded by an operator or the payments integration). */
  DEPOSIT,
  /** The owner asked for money out: reserved until it is paid or fails. */
  WITHDRAWAL_REQUESTED,
  /** The payments side paid the withdrawal out: the balance and the reservation go down. */
  WITHDRAWAL_PAID,
  /** The payments side could not pay: the reservation is released, the money stays. */
  WITHDRAWAL_FAILED,
  /** A buy order reserved its limit notional at intake. */
  ORDER_RESERVED,
  /** An order ended (filled, cancelled, expired, rejected): what it did not spend is released. */
  ORDER_RELEASED,
  /** The buyer's leg of a fill, paid from the order's reservation. */
  BUY,
  /** The seller's leg of a fill: the buyer's payment minus the platform fee. */
  SELL,
  /** The platform fee of a fill, credited to the fee account. */
  FEE,
  /** An operator's correction, with a reason. */
  ADJUSTMENT;

  public String wire() {
    return name().toLowerCase();
  }

  public static CashKind parse(String wire) {
    return wire == null ? null : valueOf(wire.toUpperCase());
  }

  public static List<String> allowed() {
    return Arrays.stream(values()).map(CashKind::wire).toList();
  }
}
