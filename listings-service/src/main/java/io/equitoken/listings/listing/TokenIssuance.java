package io.equitoken.listings.listing;

import java.math.BigDecimal;

/**
 * The command to issue a listing's token. {@code valuation} may be omitted; when given it must
 * equal {@code initialPrice × supply}, since the service keeps valuation as exactly that.
 */
public record TokenIssuance(
    String isin,
    String tokenName,
    BigDecimal supply,
    BigDecimal initialPrice,
    BigDecimal valuation,
    String jurisdiction,
    String structure,
    boolean bankruptcyRemote) {}
