package io.equitoken.listings.market;

/** One fact of trading's that moves a token's market data: a price, a trade or the proceeds. */
public sealed interface MarketFact permits PriceObserved, TradeObserved, ProceedsObserved {

  String tokenId();
}
