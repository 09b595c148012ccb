package io.equitoken.portfolio.holding;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;

/**
 * One change of an owner's holding of a token, as trading reports it: the new absolute {@code
 * quantity} and {@code availableQuantity}, the {@code delta} that led there, and a {@code sequence}
 * per owner and token (1, 2, 3, … without gaps) that orders changes however they arrive.
 */
public record HoldingChange(
    String ownerId,
    String tokenId,
    long sequence,
    BigDecimal quantity,
    BigDecimal availableQuantity,
    BigDecimal delta,
    Reason reason,
    BigDecimal price,
    String tradeId,
    String orderId,
    String transferId,
    String windowId,
    Instant occurredAt) {

  /** The quantity held just before this change. */
  public BigDecimal quantityBefore() {
    return quantity.subtract(delta);
  }

  /** Why this change cannot be applied, if it is inconsistent in itself. */
  public Optional<String> inconsistency() {
    if (sequence < 1) {
      return Optional.of("sequence must be at least 1");
    }
    if (quantity.signum() < 0 || availableQuantity.signum() < 0) {
      return Optional.of("quantity and availableQuantity must not be negative");
    }
    if (availableQuantity.compareTo(quantity) > 0) {
      return Optional.of("availableQuantity must not exceed quantity");
    }
    if (quantityBefore().signum() < 0) {
      return Optional.of("delta exceeds the quantity held before");
    }
    if (delta.signum() != reason.direction) {
      return Optional.of(
          "delta " + delta.toPlainString() + " does not fit reason " + reason.wire());
    }
    if (reason.needsPrice() && (price == null || price.signum() <= 0)) {
      return Optional.of("reason " + reason.wire() + " needs a positive price");
    }
    if (price != null && price.signum() < 0) {
      return Optional.of("price must not be negative");
    }
    return Optional.empty();
  }

  /** Amount of money moved: quantity moved × price, when there is a price. */
  public BigDecimal amount() {
    return price == null ? null : delta.abs().multiply(price);
  }
}
