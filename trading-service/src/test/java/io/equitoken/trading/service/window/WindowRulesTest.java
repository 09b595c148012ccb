package io.equitoken.trading.service.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** What a schedulable window looks like: each refusal a 422 naming its code and field. */
class WindowRulesTest {

  private static final Instant NOW = Instant.parse("2026-11-23T08:00:00Z");
  private static final Instant OPENS = NOW.plus(Duration.ofHours(1));
  private static final Instant CLOSES = OPENS.plus(Duration.ofHours(2));
  private static final WindowRules RULES = new WindowRules(Duration.ofHours(12));

  @Test
  void shouldAcceptAWellFormedWindowOfEachMechanism() {
    assertThatCode(() -> RULES.check(continuous(OPENS, CLOSES), NOW)).doesNotThrowAnyException();
    assertThatCode(
            () ->
                RULES.check(
                    new WindowRequest(
                        List.of("t1"), Mechanism.CALL_AUCTION, OPENS, CLOSES, null, null),
                    NOW))
        .doesNotThrowAnyException();
    assertThatCode(() -> RULES.check(closingAuction(OPENS.plusSeconds(60)), NOW))
        .doesNotThrowAnyException();
  }

  @Test
  void shouldRefuseAWindowThatDoesNotOpenInTheFuture() {
    assertRefused(continuous(NOW, CLOSES), "opens-not-in-future", "opens");
    assertRefused(continuous(NOW.minusSeconds(1), CLOSES), "opens-not-in-future", "opens");
  }

  @Test
  void shouldRefuseAWindowOpeningMoreThanAYearAhead() {
    Instant far = NOW.plus(WindowRules.MAX_LEAD).plusSeconds(1);
    assertRefused(continuous(far, far.plusSeconds(3600)), "opens-too-far-ahead", "opens");
    Instant edge = NOW.plus(WindowRules.MAX_LEAD);
    assertThatCode(() -> RULES.check(continuous(edge, edge.plusSeconds(3600)), NOW))
        .doesNotThrowAnyException();
  }

  @Test
  void shouldRefuseClosesNotAfterOpens() {
    assertRefused(continuous(OPENS, OPENS), "closes-not-after-opens", "closes");
    assertRefused(continuous(OPENS, OPENS.minusSeconds(1)), "closes-not-after-opens", "closes");
  }

  @Test
  void shouldRefuseAWindowShorterThanAMinuteAndAcceptExactlyOne() {
    assertRefused(continuous(OPENS, OPENS.plusSeconds(59)), "window-too-short", "closes");
    assertThatCode(() -> RULES.check(continuous(OPENS, OPENS.plus(WindowRules.MIN_LENGTH)), NOW))
        .doesNotThrowAnyException();
  }

  @Test
  void shouldRefuseAWindowLongerThanTheConfiguredMaximum() {
    assertRefused(
        continuous(OPENS, OPENS.plus(Duration.ofHours(12)).plusSeconds(1)),
        "window-too-long",
        "closes");
    assertThatCode(() -> RULES.check(continuous(OPENS, OPENS.plus(Duration.ofHours(12))), NOW))
        .doesNotThrowAnyException();
    // the maximum is the configured one, not a constant
    assertThatCode(
            () ->
                new WindowRules(Duration.ofHours(13))
                    .check(continuous(OPENS, OPENS.plus(Duration.ofHours(13))), NOW))
        .doesNotThrowAnyException();
  }

  @Test
  void shouldRequireTheCallPhaseStrictlyInsideAClosingAuctionWindow() {
    assertRefused(closingAuction(null), "call-phase-required", "callPhaseStarts");
    assertRefused(closingAuction(OPENS), "call-phase-outside-window", "callPhaseStarts");
    assertRefused(closingAuction(CLOSES), "call-phase-outside-window", "callPhaseStarts");
    assertRefused(
        closingAuction(CLOSES.plusSeconds(1)), "call-phase-outside-window", "callPhaseStarts");
  }

  @Test
  void shouldRefuseACallPhaseForOtherMechanisms() {
    for (Mechanism m : List.of(Mechanism.CONTINUOUS, Mechanism.CALL_AUCTION)) {
      assertRefused(
          new WindowRequest(List.of(), m, OPENS, CLOSES, OPENS.plusSeconds(60), null),
          "call-phase-not-allowed",
          "callPhaseStarts");
    }
  }

  @Test
  void shouldAcceptPriceBandsAbove0UpTo100WithTwoDecimals() {
    for (String band : List.of("0.01", "5", "12.5", "100", "100.00")) {
      assertThatCode(() -> RULES.check(banded(new BigDecimal(band)), NOW))
          .as(band)
          .doesNotThrowAnyException();
    }
    for (String band : List.of("0", "-1", "100.01", "1.005", "1000")) {
      assertRefused(banded(new BigDecimal(band)), "invalid-price-band", "priceBand");
    }
  }

  @Test
  void shouldRefuseMoreThanAHundredTokens() {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i <= WindowRules.MAX_TOKENS; i++) {
      ids.add("t" + i);
    }
    assertRefused(tokens(ids), "too-many-tokens", "tokenIds");
    assertThatCode(() -> RULES.check(tokens(ids.subList(0, WindowRules.MAX_TOKENS)), NOW))
        .doesNotThrowAnyException();
  }

  @Test
  void shouldNameTheIndexOfABlankOverlongOrRepeatedTokenId() {
    assertRefused(tokens(List.of("t0", " ")), "invalid-token-id", "tokenIds[1]");
    assertRefused(tokens(List.of("x".repeat(101))), "invalid-token-id", "tokenIds[0]");
    assertRefused(tokens(List.of("t0", "t1", "t0")), "duplicate-token-id", "tokenIds[2]");
    assertThatCode(() -> RULES.check(tokens(List.of("x".repeat(100))), NOW))
        .doesNotThrowAnyException();
  }

  @Property(tries = 200)
  void shouldAcceptEveryWindowBetweenOneMinuteAndTheMaximum(
      @ForAll @LongRange(min = 60, max = 12 * 3600) long seconds) {
    assertThatCode(() -> RULES.check(continuous(OPENS, OPENS.plusSeconds(seconds)), NOW))
        .doesNotThrowAnyException();
  }

  private static WindowRequest continuous(Instant opens, Instant closes) {
    return new WindowRequest(List.of("t1"), Mechanism.CONTINUOUS, opens, closes, null, null);
  }

  private static WindowRequest closingAuction(Instant call) {
    return new WindowRequest(
        List.of("t1"), Mechanism.CONTINUOUS_WITH_CLOSING_AUCTION, OPENS, CLOSES, call, null);
  }

  private static WindowRequest banded(BigDecimal band) {
    return new WindowRequest(List.of("t1"), Mechanism.CONTINUOUS, OPENS, CLOSES, null, band);
  }

  private static WindowRequest tokens(List<String> ids) {
    return new WindowRequest(ids, Mechanism.CONTINUOUS, OPENS, CLOSES, null, null);
  }

  private static void assertRefused(WindowRequest request, String code, String field) {
    RefusedException e =
        catchThrowableOfType(RefusedException.class, () -> RULES.check(request, NOW));
    assertThat(e).as("refusal " + code).isNotNull();
    assertThat(e.refusal().kind()).isEqualTo(Refusal.Kind.UNPROCESSABLE);
    assertThat(e.refusal().code()).isEqualTo(code);
    assertThat(e.refusal().field()).isEqualTo(field);
  }
}
