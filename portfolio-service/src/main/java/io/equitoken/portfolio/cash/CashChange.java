package io.equitoken.portfolio.cash;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;

/**
 * One entry of an owner's cash account as trading reported it ({@code cash.changed}), with the
 * whole account after it: {@code balance}, {@code reserved}, {@code available}.
 */
public record CashChange(
    String ownerId,
    long sequence,
    String currency,
    BigDecimal balance,
    BigDecimal reserved,
    BigDecimal available,
    BigDecimal amount,
    BigDecimal reservedChange,
    CashReason reason,
    String orderId,
    String tradeId,
    String depositId,
    String withdrawalId,
    String tokenId,
    BigDecimal price,
    BigDecimal quantity,
    BigDecimal fee,
    Instant occurredAt) {

  /** Why the change cannot be true, if it cannot: such an event is poison. */
  public Optional<String> inconsistency() {
    if (sequence < 1) {
      return Optional.of("sequence " + sequence + " is not positive");
    }
    if (currency == null || !currency.matches("[A-Z]{3}")) {
      return Optional.of("currency " + currency + " is not an ISO 4217 code");
    }
    if (balance.signum() < 0 || reserved.signum() < 0 || available.signum() < 0) {
      return Optional.of("balance, reserved and available must not be negative");
    }
    if (balance.subtract(reserved).compareTo(available) != 0) {
      return Optional.of("available " + available + " is not balance − reserved");
    }
    if (fee != null && fee.signum() < 0) {
      return Optional.of("fee " + fee + " is negative");
    }
    int sign = amount.signum();
    boolean fits =
        switch (reason.direction) {
          case 1 -> sign >= 0;
          case -1 -> sign <= 0;
          case 0 -> sign == 0;
          default -> true;
        };
    if (!fits) {
      return Optional.of("amount " + amount + " contradicts reason " + reason.wire());
    }
    if ((reason == CashReason.BUY || reason == CashReason.SELL) && tradeId == null) {
      return Optional.of(reason.wire() + " without tradeId");
    }
    return Optional.empty();
  }
}
