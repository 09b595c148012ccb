package io.equitoken.portfolio.valuation;

import io.equitoken.portfolio.holding.Reason;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import reactor.core.publisher.Flux;

/** Port: the read side of the model, for answers to investors and operators. */
public interface PortfolioReads {

  /** An owner's current holding of a token, with the token's name and current price. */
  record CurrentHolding(
      String tokenId,
      String startup,
      BigDecimal quantity,
      BigDecimal availableQuantity,
      BigDecimal costBasis,
      Instant changedAt,
      BigDecimal price,
      Instant priceAt) {}

  /** One movement of tokens (reserving and releasing are not movements). */
  record Movement(
      String ownerId,
      String tokenId,
      long sequence,
      String startup,
      Reason reason,
      BigDecimal delta,
      BigDecimal price,
      String tradeId,
      String windowId,
      Instant occurredAt) {}

  /** Where a page of movements continues: after this sort key (newest first). */
  record MovementKey(Instant occurredAt, String tokenId, long sequence) {}

  record MovementFilter(
      String ownerId, List<Reason> reasons, String tokenId, Instant from, Instant to) {}

  /** Per token: the supply issued and what all holders hold together. */
  record TokenBalance(String tokenId, BigDecimal supply, BigDecimal held, long holders) {}

  /** Every token the owner ever held, including emptied holdings. */
  Flux<CurrentHolding> holdings(String ownerId);

  Flux<Movement> movements(MovementFilter filter, MovementKey after, int limit);

  /** The owner's quantity changes up to {@code to}, oldest first. */
  Flux<ValuationHistory.HoldingStep> steps(String ownerId, Instant to);

  /** For each token: the last price before {@code from}, and every price in {@code [from, to]}. */
  Flux<ValuationHistory.PricePoint> prices(Collection<String> tokenIds, Instant from, Instant to);

  Flux<TokenBalance> balances();
}
