package io.equitoken.listings.market;

import java.math.BigDecimal;
import java.time.Instant;

/** Trading says a token's price is now {@code price}, as of {@code asOf}. */
public record PriceObserved(String tokenId, BigDecimal price, Instant asOf) implements MarketFact {}
