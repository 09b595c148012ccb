package io.equitoken.listings.listing;

import io.equitoken.listings.kernel.Amounts;
import java.math.BigDecimal;

/** The listing's view of its issued token: supply, current price and valuation (price × supply). */
public record Tokenomics(String tokenId, BigDecimal tokenSupply, BigDecimal tokenPrice) {

  public Tokenomics {
    tokenSupply = Amounts.normalize(tokenSupply);
    tokenPrice = Amounts.normalize(tokenPrice);
  }

  public BigDecimal valuation() {
    return Amounts.normalize(tokenPrice.multiply(tokenSupply));
  }
}
