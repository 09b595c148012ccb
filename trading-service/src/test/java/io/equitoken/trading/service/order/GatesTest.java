package io.equitoken.trading.service.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.equitoken.platform.core.RefusedException;
import io.equitoken.trading.service.market.KycStanding;
import io.equitoken.trading.service.market.OrderFacts;
import io.equitoken.trading.service.market.TokenInfo;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The gates' order on facts read in one statement (the ITs check them over HTTP). */
class GatesTest {

  private static final Instant NOW = Instant.parse("2026-11-23T08:00:00Z");
  private static final UUID WINDOW = UUID.randomUUID();
  private static final TokenInfo TOKEN =
      new TokenInfo(
          "tok-1",
          "lst-1",
          "founder-1",
          new BigDecimal("1000"),
          new BigDecimal("2.5"),
          new BigDecimal("0.01"),
          BigDecimal.ONE,
          NOW);
  private static final KycStanding APPROVED =
      new KycStanding("inv-1", "approved", NOW.plusSeconds(3600), NOW);
  private static final Trader INVESTOR = new Trader("inv-1", true, false, false);
  private static final Trader FOUNDER = new Trader("founder-1", false, true, false);

  @Test
  void shouldAnswerTheOpenWindowWhenEveryGatePasses() {
    assertThat(Gates.check(INVESTOR, buy(), new OrderFacts(TOKEN, APPROVED, true, WINDOW), NOW))
        .isEqualTo(WINDOW);
  }

  @Test
  void shouldRefuseInTheDocumentedOrder() {
    // everything missing: the first gate that applies names itself
    assertThat(code(FOUNDER, buy(), OrderFacts.NONE)).isEqualTo("gate-founders-sell-only");
    assertThat(code(INVESTOR, buy(), OrderFacts.NONE)).isEqualTo("gate-kyc-required");
    assertThat(code(INVESTOR, buy(), new OrderFacts(TOKEN, pending(), false, null)))
        .isEqualTo("gate-kyc-pending");
    assertThat(code(INVESTOR, buy(), new OrderFacts(TOKEN, expired(), true, WINDOW)))
        .isEqualTo("gate-kyc-expired");
    assertThat(code(INVESTOR, buy(), new OrderFacts(TOKEN, APPROVED, false, null)))
        .isEqualTo("gate-token-not-tradable");
    assertThat(code(INVESTOR, buy(), new OrderFacts(TOKEN, APPROVED, true, null)))
        .isEqualTo("gate-window-closed");
  }

  @Test
  void shouldWaiveKycOnlyForTheIssuerSellingItsOwnToken() {
    OrderRequest sell = new OrderRequest("tok-1", "sell", BigDecimal.ONE, new BigDecimal("2.5"));
    assertThat(Gates.check(FOUNDER, sell, new OrderFacts(TOKEN, null, true, WINDOW), NOW))
        .isEqualTo(WINDOW);
    Trader other = new Trader("founder-2", false, true, false);
    assertThat(code(other, sell, new OrderFacts(TOKEN, null, true, WINDOW)))
        .isEqualTo("gate-kyc-required");
  }

  private static OrderRequest buy() {
    return new OrderRequest("tok-1", "buy", BigDecimal.ONE, new BigDecimal("2.5"));
  }

  private static KycStanding pending() {
    return new KycStanding("inv-1", "pending", null, NOW);
  }

  private static KycStanding expired() {
    return new KycStanding("inv-1", "approved", NOW.minusSeconds(1), NOW);
  }

  private static String code(Trader trader, OrderRequest order, OrderFacts facts) {
    RefusedException e =
        catchThrowableOfType(RefusedException.class, () -> Gates.check(trader, order, facts, NOW));
    assertThat(e.refusal().status()).isEqualTo(403);
    return e.refusal().code();
  }
}
