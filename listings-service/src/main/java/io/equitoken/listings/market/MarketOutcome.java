package io.equitoken.listings.market;

/** What applying a market fact did, for the adapter to log. */
public enum MarketOutcome {
  APPLIED,
  /** The fact was older than the price we already have; raise progress may still have moved. */
  STALE_PRICE,
  UNKNOWN_TOKEN,
  /** A sale's proceeds were paid to someone other than the token's issuer: nothing raised. */
  NOT_THE_ISSUER,
  /** The trade's proceeds were counted already. */
  ALREADY_PAID
}
