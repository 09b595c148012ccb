package io.equitoken.trading.service.order;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import io.equitoken.trading.service.market.KycStanding;
import io.equitoken.trading.service.market.MarketStore;
import io.equitoken.trading.service.market.TokenInfo;
import io.equitoken.trading.service.window.LiquidityWindow;
import io.equitoken.trading.service.window.WindowStore;
import java.time.Instant;
import reactor.core.publisher.Mono;

/**
 * The gates an order passes after its shape is right, in this order; each refusal is a 403 whose
 * code names the gate and whose {@code nextStep} says what to do:
 *
 * <ol>
 *   <li>{@code gate-founders-sell-only}: a founder (without the investor role) only sells.
 *   <li>{@code gate-kyc-required} / {@code gate-kyc-pending} / {@code gate-kyc-rejected} / {@code
 *       gate-kyc-expired}: an approved, unexpired KYC — waived for an issuer selling its own token
 *       (a primary sale; the issuer was checked when listing).
 *   <li>{@code gate-token-not-tradable}: the token is issued and its listing active.
 *   <li>{@code gate-window-closed}: a window covering the token is open.
 * </ol>
 */
public final class Gates {

  private final MarketStore market;
  private final WindowStore windows;

  public Gates(MarketStore market, WindowStore windows) {
    this.market = market;
    this.windows = windows;
  }

  /** Answers the open window the order goes into. */
  public Mono<LiquidityWindow> check(
      Trader trader, OrderRequest order, TokenInfo token, Instant now) {
    if (trader.founder() && !trader.investor() && !"sell".equals(order.side())) {
      return Mono.error(
          gate(
              "gate-founders-sell-only",
              "Founders may only sell tokens they hold; buying needs an investor account",
              "Use an investor API key (with approved KYC) to buy"));
    }
    boolean issuerSelling =
        token != null
            && "sell".equals(order.side())
            && token.issuerId().equals(trader.principalId());
    Mono<Void> kyc = issuerSelling ? Mono.empty() : kyc(trader.principalId(), now);
    return kyc.then(tradable(order.tokenId())).then(window(order.tokenId()));
  }

  private Mono<Void> kyc(String investorId, Instant now) {
    return market
        .kyc(investorId)
        .map(k -> refusalFor(k, now))
        .defaultIfEmpty(
            gate(
                "gate-kyc-required",
                "Placing an order needs an approved KYC, and there is none",
                "Submit your KYC documents with POST /compliance/kyc"))
        .flatMap(r -> r == NONE ? Mono.empty() : Mono.error(r));
  }

  private static final RefusedException NONE = Refusal.forbidden("none", "none").exception();

  static RefusedException refusalFor(KycStanding k, Instant now) {
    if (k.approvedAt(now)) {
      return NONE;
    }
    return switch (k.kycState()) {
      case "approved", "expired" ->
          gate(
              "gate-kyc-expired",
              "Placing an order needs an unexpired KYC approval, and yours expired",
              "Renew your KYC with POST /compliance/kyc");
      case "pending" ->
          gate(
              "gate-kyc-pending",
              "Placing an order needs an approved KYC; yours is still being reviewed",
              "Wait for the review; GET /compliance/status shows its progress");
      case "revision_required" ->
          gate(
              "gate-kyc-revision-required",
              "Placing an order needs an approved KYC; compliance asked for a revision",
              "Resubmit your KYC with POST /compliance/kyc");
      default ->
          gate(
              "gate-kyc-rejected",
              "Placing an order needs an approved KYC; yours was rejected",
              "Contact compliance, then resubmit with POST /compliance/kyc");
    };
  }

  private Mono<Void> tradable(String tokenId) {
    return market
        .isTradable(tokenId)
        .filter(Boolean::booleanValue)
        .switchIfEmpty(
            Mono.error(
                gate(
                    "gate-token-not-tradable",
                    "Expected token "
                        + tokenId
                        + " to be issued and its listing active, but it is not",
                    "Check the listing with GET /listings and the token with GET /tokens/{tokenId}")))
        .then();
  }

  private Mono<LiquidityWindow> window(String tokenId) {
    return windows
        .openFor(tokenId)
        .switchIfEmpty(
            Mono.error(
                gate(
                    "gate-window-closed",
                    "Orders are only accepted while a liquidity window covering the token is open,"
                        + " and none is",
                    "See the next windows with GET /liquidity/windows?tokenId="
                        + tokenId
                        + "&status=scheduled")));
  }

  private static RefusedException gate(String code, String detail, String nextStep) {
    return Refusal.forbidden(code, detail).with("nextStep", nextStep).exception();
  }
}
