package io.equitoken.trading.service.rules;

import java.math.BigDecimal;

/**
 * The latest projected holdings of a token (from {@code holding.changed}): the owner's holding and
 * open buy quantity, the number of holders and of non-accredited holders (the issuer not counted).
 * Advisory: the projection lags the matcher, whose engine stays the authority.
 */
public record HolderFacts(
    BigDecimal holding, BigDecimal openBuys, long holders, long nonAccreditedHolders) {

  public static final HolderFacts NONE = new HolderFacts(BigDecimal.ZERO, BigDecimal.ZERO, 0, 0);
}
