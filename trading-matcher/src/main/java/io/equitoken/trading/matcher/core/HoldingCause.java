package io.equitoken.trading.matcher.core;

import java.math.BigDecimal;

/**
 * Why a holding changed, with the references its {@code holding.changed} event carries (each null
 * unless the reason has it).
 *
 * @param reason the contract's reason, e.g. {@code purchase} or {@code order_reserved}
 * @param price the execution price of a trade, the issue price of the issuance
 */
record HoldingCause(
    String reason,
    BigDecimal price,
    String tradeId,
    String orderId,
    String transferId,
    String windowId) {

  /** The issuer credited with the supply at registration. */
  static HoldingCause issuance(BigDecimal issuePrice) {
    return new HoldingCause("issuance", issuePrice, null, null, null, null);
  }

  /** One side of an execution: purchase, sale, trade_buy or trade_sell. */
  static HoldingCause trade(
      String reason, BigDecimal price, String tradeId, String orderId, String windowId) {
    return new HoldingCause(reason, price, tradeId, orderId, null, windowId);
  }

  /** A sell order reserved or released available quantity: order_reserved, order_released. */
  static HoldingCause order(String reason, String orderId, String windowId) {
    return new HoldingCause(reason, null, null, orderId, null, windowId);
  }

  /** An operator transfer: transfer_in or transfer_out. */
  static HoldingCause transfer(String reason, String transferId) {
    return new HoldingCause(reason, null, null, null, transferId, null);
  }
}
