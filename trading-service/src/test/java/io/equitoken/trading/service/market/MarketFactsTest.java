package io.equitoken.trading.service.market;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.trading.service.window.LiquidityWindow;
import io.equitoken.trading.service.window.Mechanism;
import io.equitoken.trading.service.window.WindowBooks;
import io.equitoken.trading.service.window.WindowClock;
import io.equitoken.trading.service.window.WindowEvents;
import io.equitoken.trading.service.window.WindowRequest;
import io.equitoken.trading.service.window.WindowStatus;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Listings' and compliance's facts applied to trading's read models, over maps. */
class MarketFactsTest {

  private static final Instant NOW = Instant.parse("2026-11-23T08:30:00Z");
  private static final Instant ISSUED = NOW.minusSeconds(60);

  private final MarketBooks market = new MarketBooks();
  private final WindowBooks windows = new WindowBooks();
  private final WindowClock clock =
      new WindowClock(
          windows,
          windows,
          windows,
          windows,
          windows,
          Clock.fixed(NOW, ZoneOffset.UTC),
          Duration.ofSeconds(10));
  private final MarketFacts facts = new MarketFacts(market, windows, clock);

  @Test
  void shouldRegisterAnIssuedTokenWithTheMatcherOnTheGridItsPriceAndSupplyNeed() {
    facts
        .tokenIssued(
            "lst-1",
            "tok-1",
            "founder-1",
            new BigDecimal("1000.5"),
            new BigDecimal("0.125"),
            ISSUED)
        .block();

    BigDecimal tick = new BigDecimal("0.001");
    BigDecimal lot = new BigDecimal("0.1");
    assertThat(windows.published)
        .containsExactly(
            new MarketFacts.Register(
                "tok-1",
                "founder-1",
                new BigDecimal("1000.5"),
                new BigDecimal("0.125"),
                tick,
                lot,
                ISSUED));
    assertThat(market.tokens.get("tok-1").tickSize()).isEqualTo(tick);
    assertThat(market.tokens.get("tok-1").lotSize()).isEqualTo(lot);
  }

  @Test
  void shouldRegisterATokenIssuedTwiceOnlyOnce() {
    issue("tok-1", "lst-1");
    issue("tok-1", "lst-1");

    assertThat(windows.published(MarketFacts.Register.class)).hasSize(1);
  }

  @Test
  void shouldOpenAnIssuedTokenInOpenWindowsWhenItsListingIsAlreadyActive() {
    UUID open = openWindow(List.of());
    market.listingStatus("lst-1", "active", null, ISSUED.minusSeconds(1)).block();

    issue("tok-1", "lst-1");

    assertThat(windows.published)
        .hasSize(2)
        .last()
        .isEqualTo(new WindowEvents.Open(open.toString(), "tok-1", "continuous", null, NOW));
  }

  @Test
  void shouldNotOpenAnIssuedTokenWhoseListingIsNotActive() {
    openWindow(List.of());
    market.listingStatus("lst-1", "closed", null, ISSUED.minusSeconds(1)).block();

    issue("tok-1", "lst-1");

    assertThat(windows.published).singleElement().isInstanceOf(MarketFacts.Register.class);
  }

  @Test
  void shouldOpenTheListedTokenInCoveringWindowsWhenTheListingBecomesActive() {
    issue("tok-1", "lst-1");
    UUID covering = openWindow(List.of("tok-1"));
    openWindow(List.of("tok-2"));
    windows.published.clear();

    facts.listingChanged("lst-1", "active", null, NOW).block();

    assertThat(windows.published)
        .containsExactly(
            new WindowEvents.Open(covering.toString(), "tok-1", "continuous", null, NOW));
  }

  @Test
  void shouldIgnoreAListingThatWasActiveAlreadyOrAStatusOlderThanTheStoredOne() {
    issue("tok-1", "lst-1");
    openWindow(List.of());
    facts.listingChanged("lst-1", "active", "tok-1", NOW).block();
    windows.published.clear();

    facts.listingChanged("lst-1", "active", "tok-1", NOW.plusSeconds(1)).block();
    facts.listingChanged("lst-1", "closed", "tok-1", NOW.minusSeconds(5)).block();

    assertThat(windows.published).isEmpty();
    assertThat(market.listings.get("lst-1").status()).isEqualTo("active");
  }

  @Test
  void shouldOpenNothingForAnActiveListingWhoseTokenIsNotIssuedYet() {
    openWindow(List.of());

    facts.listingChanged("lst-1", "active", null, NOW).block();

    assertThat(windows.published).isEmpty();
    assertThat(market.listings.get("lst-1").status()).isEqualTo("active");
  }

  @Test
  void shouldKeepTheNewestKycStandingPerInvestor() {
    facts.kycChanged(new KycStanding("inv-1", "approved", null, NOW)).block();
    facts.kycChanged(new KycStanding("inv-1", "pending", null, NOW.minusSeconds(1))).block();
    facts.kycChanged(new KycStanding("inv-2", "pending", null, NOW)).block();

    assertThat(market.kyc.get("inv-1").kycState()).isEqualTo("approved");
    assertThat(market.kyc.get("inv-2").kycState()).isEqualTo("pending");
  }

  private void issue(String token, String listing) {
    facts
        .tokenIssued(
            listing, token, "founder-1", new BigDecimal("1000"), new BigDecimal("2.5"), ISSUED)
        .block();
  }

  private UUID openWindow(List<String> tokens) {
    UUID id = UUID.randomUUID();
    WindowRequest request =
        new WindowRequest(
            tokens, Mechanism.CONTINUOUS, NOW.minusSeconds(600), NOW.plusSeconds(3600), null, null);
    LiquidityWindow scheduled =
        LiquidityWindow.scheduled(id, request, "ops-1", NOW.minusSeconds(900));
    windows.insert(scheduled).block();
    windows
        .transition(id, WindowStatus.SCHEDULED, WindowStatus.OPEN, NOW.minusSeconds(600), null)
        .block();
    return id;
  }
}
