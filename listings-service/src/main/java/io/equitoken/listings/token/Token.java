package io.equitoken.listings.token;

import io.equitoken.listings.kernel.Amounts;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * A tokenised equity instrument of one listing. {@code price} follows the market (trading's price
 * and trade events); {@code priceAsOf} is the time of the fact the price came from, so that an
 * older fact never overwrites a newer price.
 */
public record Token(
    String tokenId,
    String listingId,
    String isin,
    String tokenName,
    BigDecimal supply,
    BigDecimal price,
    String compartmentId,
    String issuerPrincipalId,
    Instant issuedAt,
    Instant priceAsOf) {

  public Token {
    supply = Amounts.normalize(supply);
    price = Amounts.normalize(price);
  }

  public BigDecimal valuation() {
    return Amounts.normalize(price.multiply(supply));
  }

  public Token withPrice(BigDecimal newPrice, Instant asOf) {
    return new Token(
        tokenId,
        listingId,
        isin,
        tokenName,
        supply,
        newPrice,
        compartmentId,
        issuerPrincipalId,
        issuedAt,
        asOf);
  }
}
