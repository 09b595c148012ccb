package io.equitoken.trading.service.order;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import io.equitoken.trading.service.market.OrderFacts;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * What one principal may put on a token's book, checked at intake after the gates: at most {@code
 * maxOpenOrders} orders of one token open at once ({@code 409 too-many-open-orders}), and a limit
 * price within a factor {@code priceBand} of the token's reference price — the last trade's, else
 * the issue price — either way ({@code 422 price-outside-reference-band}), so that fat-finger and
 * far-away orders never reach the book.
 */
public record OrderLimits(int maxOpenOrders, BigDecimal priceBand) {

  public OrderLimits {
    if (maxOpenOrders < 1) {
      throw new IllegalArgumentException("Expected at least 1 open order, not " + maxOpenOrders);
    }
    if (priceBand.compareTo(BigDecimal.ONE) <= 0) {
      throw new IllegalArgumentException("Expected a price band factor above 1, not " + priceBand);
    }
  }

  /** Refuses the order if it breaks a limit; does nothing for an unknown token. */
  public void check(OrderRequest request, OrderFacts facts) {
    if (facts.token() == null) {
      return;
    }
    if (facts.openOrders() >= maxOpenOrders) {
      throw tooManyOpenOrders(facts.openOrders());
    }
    BigDecimal reference = facts.referencePrice();
    BigDecimal tick = facts.token().tickSize();
    BigDecimal low = reference.divide(priceBand, tick.scale(), RoundingMode.CEILING);
    BigDecimal high = reference.multiply(priceBand).setScale(tick.scale(), RoundingMode.FLOOR);
    BigDecimal price = request.maxPrice();
    if (price.compareTo(low) < 0 || price.compareTo(high) > 0) {
      throw Refusal.unprocessable(
              "price-outside-reference-band",
              "Expected maxPrice between "
                  + low.toPlainString()
                  + " and "
                  + high.toPlainString()
                  + " (the reference price "
                  + reference.toPlainString()
                  + " divided or multiplied by "
                  + priceBand.toPlainString()
                  + "), but it is "
                  + price.toPlainString())
          .withField("maxPrice")
          .with("referencePrice", reference)
          .with("minPrice", low)
          .with("maxPrice", high)
          .exception();
    }
  }

  /** {@code 409 too-many-open-orders}: {@code open} orders of the token are open already. */
  public RefusedException tooManyOpenOrders(long open) {
    return Refusal.conflict(
            "too-many-open-orders",
            "Expected fewer than "
                + maxOpenOrders
                + " open orders of this token, but "
                + open
                + " are open")
        .with("limit", maxOpenOrders)
        .with("openOrders", open)
        .with("nextStep", "Wait for open orders to fill or cancel some of them")
        .exception();
  }
}
