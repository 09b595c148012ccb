package io.equitoken.listings.market;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.listings.listing.Listing;
import io.equitoken.listings.listing.ListingFilter;
import io.equitoken.listings.listing.ListingStore;
import io.equitoken.listings.listing.PageKey;
import io.equitoken.listings.token.Compartment;
import io.equitoken.listings.token.Token;
import io.equitoken.listings.token.TokenStore;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

class MarketDataTest {

  private static final Instant ISSUED = Instant.parse("2026-11-20T10:00:00Z");
  private final Map<String, Token> tokens = new HashMap<>();
  private final Map<String, BigDecimal> progress = new HashMap<>();
  private MarketData market;

  @BeforeEach
  void setUp() {
    tokens.put(
        "t-1",
        new Token(
            "t-1",
            "l-1",
            "US0378331005",
            "T",
            new BigDecimal("1000"),
            new BigDecimal("2"),
            "c-1",
            "founder-a",
            ISSUED,
            ISSUED));
    progress.put("l-1", BigDecimal.ZERO);
    market = new MarketData(new FakeTokens(), new FakeListings(), new FakeProceeds());
  }

  @Test
  void shouldTakeANewerPriceAndRecomputeTheValuation() {
    MarketOutcome outcome =
        market
            .priceObserved(new PriceObserved("t-1", new BigDecimal("2.75"), ISSUED.plusSeconds(60)))
            .block();

    assertThat(outcome).isEqualTo(MarketOutcome.APPLIED);
    assertThat(tokens.get("t-1").price()).isEqualByComparingTo("2.75");
    assertThat(tokens.get("t-1").valuation()).isEqualByComparingTo("2750");
  }

  @Test
  void shouldIgnoreAPriceOlderThanTheOneItHas() {
    market
        .priceObserved(new PriceObserved("t-1", new BigDecimal("3"), ISSUED.plusSeconds(120)))
        .block();

    MarketOutcome outcome =
        market
            .priceObserved(new PriceObserved("t-1", new BigDecimal("1"), ISSUED.plusSeconds(60)))
            .block();

    assertThat(outcome).isEqualTo(MarketOutcome.STALE_PRICE);
    assertThat(tokens.get("t-1").price()).isEqualByComparingTo("3");
  }

  @Test
  void shouldRaiseNothingFromATradeAloneButMoveThePrice() {
    assertThat(pollOfOne(trade("founder-a", "3", "100", 60))).isEqualTo(MarketOutcome.APPLIED);
    assertThat(pollOfOne(trade("investor-x", "3.5", "40", 120))).isEqualTo(MarketOutcome.APPLIED);

    assertThat(progress.get("l-1")).isEqualByComparingTo("0");
    assertThat(tokens.get("t-1").price()).isEqualByComparingTo("3.5");
  }

  @Test
  void shouldCountTheGrossProceedsPaidToTheIssuerOncePerTrade() {
    // the issuer paid 297 after a fee of 3 for trade-1, and 100 without a fee for trade-2
    assertThat(pollOfOne(paid("trade-1", "founder-a", "297", "3")))
        .isEqualTo(MarketOutcome.APPLIED);
    pollOfOne(paid("trade-2", "founder-a", "100", "0"));
    // trade-1 again (a replay under another event id) and an investor's sale
    assertThat(pollOfOne(paid("trade-1", "founder-a", "297", "3")))
        .isEqualTo(MarketOutcome.ALREADY_PAID);
    assertThat(pollOfOne(paid("trade-3", "investor-x", "500", "5")))
        .isEqualTo(MarketOutcome.NOT_THE_ISSUER);

    assertThat(progress.get("l-1")).isEqualByComparingTo("400");
  }

  /** The one outcome of a poll of one fact. */
  private MarketOutcome pollOfOne(MarketFact fact) {
    return market.observedAll(java.util.List.of(fact)).single().block().outcome();
  }

  private int recordAllCalls;
  private int tokenReads;

  @Test
  void shouldApplyAPollsFactsAsOneByOneWouldWithOnePriceAndOneProceedsWritePerToken() {
    market
        .priceObserved(new PriceObserved("t-1", new BigDecimal("3"), ISSUED.plusSeconds(60)))
        .block();

    tokenReads = 0;
    java.util.List<MarketData.TokenOutcome> outcomes =
        market
            .observedAll(
                java.util.List.of(
                    trade("founder-a", "4", "1", 120),
                    paid("trade-1", "founder-a", "297", "3"),
                    new PriceObserved("t-1", new BigDecimal("5"), ISSUED.plusSeconds(180)),
                    trade("investor-x", "4.5", "1", 180),
                    paid("trade-2", "founder-a", "100", "0"),
                    paid("trade-1", "founder-a", "297", "3"),
                    paid("trade-3", "investor-x", "50", "0"),
                    new PriceObserved("t-1", new BigDecimal("9"), ISSUED.plusSeconds(30)),
                    new PriceObserved("nope", BigDecimal.ONE, ISSUED)))
            .collectList()
            .block();

    // the newest price; of two at the same time the later; the older one never applied
    assertThat(tokens.get("t-1").price()).isEqualByComparingTo("4.5");
    // the issuer's two trades once each, the investor's sale not at all, in one write
    assertThat(progress.get("l-1")).isEqualByComparingTo("400");
    assertThat(recordAllCalls).isEqualTo(1);
    // each token read once: the row read for t-1's price serves its proceeds
    assertThat(tokenReads).isEqualTo(2);
    assertThat(outcomes)
        .containsExactly(
            new MarketData.TokenOutcome("nope", "price", MarketOutcome.UNKNOWN_TOKEN),
            new MarketData.TokenOutcome("t-1", "price", MarketOutcome.APPLIED),
            new MarketData.TokenOutcome("t-1", "proceeds", MarketOutcome.APPLIED));

    // the same poll again: nothing new is paid, the price stays
    assertThat(
            market
                .observedAll(java.util.List.of(paid("trade-2", "founder-a", "100", "0")))
                .collectList()
                .block())
        .containsExactly(
            new MarketData.TokenOutcome("t-1", "proceeds", MarketOutcome.ALREADY_PAID));
    assertThat(progress.get("l-1")).isEqualByComparingTo("400");
  }

  private static ProceedsObserved paid(String trade, String owner, String amount, String fee) {
    return new ProceedsObserved(
        trade, owner, "t-1", new BigDecimal(amount), new BigDecimal(fee), ISSUED);
  }

  private final class FakeProceeds implements IssuerProceeds {
    private final Map<String, ProceedsObserved> byTrade = new HashMap<>();

    @Override
    public Mono<Recorded> recordAll(String listingId, java.util.List<ProceedsObserved> facts) {
      recordAllCalls++;
      return Mono.fromSupplier(
          () -> {
            int trades = 0;
            BigDecimal gross = BigDecimal.ZERO;
            for (ProceedsObserved f : facts) {
              if (byTrade.putIfAbsent(f.tradeId(), f) == null) {
                trades++;
                gross = gross.add(f.gross());
              }
            }
            return new Recorded(trades, gross);
          });
    }
  }

  @Test
  void shouldReportATokenItDoesNotKnow() {
    MarketOutcome outcome =
        market.priceObserved(new PriceObserved("nope", BigDecimal.ONE, ISSUED)).block();

    assertThat(outcome).isEqualTo(MarketOutcome.UNKNOWN_TOKEN);
  }

  private static TradeObserved trade(String seller, String price, String quantity, long seconds) {
    return new TradeObserved(
        "t-1",
        new BigDecimal(price),
        new BigDecimal(quantity),
        seller,
        ISSUED.plusSeconds(seconds));
  }

  private final class FakeTokens implements TokenStore {
    public Mono<Token> findById(String id) {
      return Mono.fromSupplier(
          () -> {
            tokenReads++;
            return tokens.get(id);
          });
    }

    public Mono<Token> findByIdForUpdate(String id) {
      return findById(id);
    }

    public Mono<Compartment> findCompartment(String id) {
      return Mono.empty();
    }

    public Mono<Boolean> isinTaken(String isin) {
      return Mono.just(false);
    }

    public Mono<Void> insert(Token token, Compartment compartment) {
      return Mono.empty();
    }

    public Mono<Void> updatePrice(Token token) {
      return Mono.fromRunnable(() -> tokens.put(token.tokenId(), token));
    }
  }

  private final class FakeListings implements ListingStore {
    public Mono<Listing> findById(String id) {
      return findByIdForUpdate(id);
    }

    public Mono<Listing> findByIdForUpdate(String id) {
      return Mono.justOrEmpty(progress.get(id))
          .map(p -> new Listing(id, "founder-a", null, null, p, null, ISSUED, ISSUED));
    }

    public Flux<Listing> findActive(ListingFilter filter, PageKey after, int limit) {
      return Flux.empty();
    }

    public Mono<Void> insert(Listing listing) {
      return Mono.empty();
    }

    public Mono<Void> update(Listing listing) {
      return Mono.empty();
    }

    public Mono<Void> updateRaiseProgress(String id, BigDecimal raiseProgress) {
      return Mono.fromRunnable(() -> progress.put(id, raiseProgress));
    }
  }
}
