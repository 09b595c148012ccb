package io.equitoken.trading.service.order;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import io.equitoken.trading.service.market.KycStanding;
import io.equitoken.trading.service.market.MarketStore;
import io.equitoken.trading.service.market.OrderFacts;
import io.equitoken.trading.service.market.TokenInfo;
import java.time.Instant;
import java.util.UUID;

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

  private Gates() {}

  /**
   * Answers the open window the order goes into, or throws the first gate's refusal; {@code facts}
   * are read in one statement ({@link MarketStore#orderFacts}).
   */
  public static UUID check(Trader trader, OrderRequest order, OrderFacts facts, Instant now) {
    if (trader.founder() && !trader.investor() && !"sell".equals(order.side())) {
      throw gate(
          "gate-founders-sell-only",
          "Founders may only sell tokens they hold; buying needs an investor account",
          "Use an investor API key (with approved KYC) to buy");
    }
    TokenInfo token = facts.token();
    boolean issuerSelling =
        token != null
            && "sell".equals(order.side())
            && token.issuerId().equals(trader.principalId());
    if (!issuerSelling) {
      kyc(facts.kyc(), now);
    }
    if (!facts.tradable()) {
      throw gate(
          "gate-token-not-tradable",
          "Expected token "
              + order.tokenId()
              + " to be issued and its listing active, but it is not",
          "Check the listing with GET /listings and the token with GET /tokens/{tokenId}");
    }
    if (facts.openWindowId() == null) {
      throw gate(
          "gate-window-closed",
          "Orders are only accepted while a liquidity window covering the token is open,"
              + " and none is",
          "See the next windows with GET /liquidity/windows?tokenId="
              + order.tokenId()
              + "&status=scheduled");
    }
    return facts.openWindowId();
  }

  private static void kyc(KycStanding standing, Instant now) {
    if (standing == null) {
      throw gate(
          "gate-kyc-required",
          "Placing an order needs an approved KYC, and there is none",
          "Submit your KYC documents with POST /compliance/kyc");
    }
    RefusedException refusal = refusalFor(standing, now);
    if (refusal != NONE) {
      throw refusal;
    }
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

  private static RefusedException gate(String code, String detail, String nextStep) {
    return Refusal.forbidden(code, detail).with("nextStep", nextStep).exception();
  }
}
