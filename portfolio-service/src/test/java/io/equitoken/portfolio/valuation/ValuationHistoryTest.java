package io.equitoken.portfolio.valuation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.portfolio.valuation.ValuationHistory.HoldingStep;
import io.equitoken.portfolio.valuation.ValuationHistory.Point;
import io.equitoken.portfolio.valuation.ValuationHistory.PricePoint;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValuationHistoryTest {

  private static final Instant MON = Instant.parse("2026-11-02T00:00:00Z");

  private final List<HoldingStep> steps =
      List.of(
          step("a", 1, "10", "100", at(0, 10)),
          step("a", 2, "4", "40", at(2, 9)),
          step("b", 1, "5", "5", at(9, 12)));
  private final List<PricePoint> prices =
      List.of(
          price("a", "10", at(-5, 0)),
          price("a", "12", at(1, 15)),
          price("b", "1", at(-1, 0)),
          price("b", "2", at(4, 0)));

  @Test
  void shouldCarryTheLastValueForwardAcrossDaysWithoutChanges() {
    List<Point> points = compute(MON, at(5, 0), Interval.DAY);

    // midnights of Mon..Sat (the first before any holding is left out)
    assertThat(points)
        .extracting(Point::at)
        .containsExactly(at(1, 0), at(2, 0), at(3, 0), at(4, 0), at(5, 0));
    assertThat(values(points)).containsExactly("100", "120", "48", "48", "48");
  }

  @Test
  void shouldPlaceWeeklyPointsOnMondaysAndAtTheEnd() {
    List<Point> points = compute(MON, at(10, 6), Interval.WEEK);

    assertThat(points).extracting(Point::at).containsExactly(at(7, 0), at(10, 6));
    // a: 4 × 12 = 48 on the 7th; by the 10th b was bought too: 48 + 5 × 2
    assertThat(values(points)).containsExactly("48", "58");
  }

  @Test
  void shouldAddAPointForEachChangeOfAHoldingOrOfAHeldTokensPrice() {
    List<Point> points = compute(MON, at(12, 0), Interval.EVENT);

    // a bought; a's price 12; a sold down to 4; b bought (b's price change on day 4 is not held)
    assertThat(points)
        .extracting(Point::at)
        .containsExactly(at(0, 10), at(1, 15), at(2, 9), at(9, 12));
    assertThat(values(points)).containsExactly("100", "120", "48", "58");
    assertThat(points.get(3).costBasis()).isEqualByComparingTo("45");
    assertThat(points.get(3).holdings())
        .extracting(Valuation.Position::tokenId)
        .containsExactly("a", "b");
  }

  @Test
  void shouldRefuseMorePointsThanAllowed() {
    assertThatThrownBy(
            () -> ValuationHistory.compute(steps, prices, MON, at(12, 0), Interval.EVENT, 3))
        .isInstanceOf(ValuationHistory.TooManyPoints.class);
    assertThatThrownBy(
            () -> ValuationHistory.compute(steps, prices, MON, at(12, 0), Interval.DAY, 5))
        .isInstanceOf(ValuationHistory.TooManyPoints.class);
  }

  @Test
  void shouldAnswerNoPointsBeforeTheFirstHolding() {
    assertThat(compute(MON.minusSeconds(86400 * 3), MON, Interval.DAY)).isEmpty();
  }

  @Test
  void shouldCarryTheCashBalanceOfEachInstantWhenAskedFor() {
    // deposit 1000 before any holding; the buy of a (sequence 3) arrived before the reservation
    List<ValuationHistory.CashStep> cash =
        List.of(
            cash(1, "1000", at(-1, 0)),
            cash(3, "900", at(0, 10)),
            cash(2, "1000", at(0, 9)),
            cash(4, "950", at(2, 9)));

    List<Point> points =
        ValuationHistory.compute(steps, prices, cash, MON, at(3, 0), Interval.DAY, 1000);

    // a point from the first midnight on (cash was there before the first holding)
    assertThat(points).extracting(Point::at).containsExactly(MON, at(1, 0), at(2, 0), at(3, 0));
    assertThat(points.stream().map(p -> p.cash().stripTrailingZeros().toPlainString()))
        .containsExactly("1000", "900", "900", "950");
    assertThat(values(points)).containsExactly("0", "100", "120", "48");
  }

  @Test
  void shouldAddAPointForEachCashChangeWithIntervalEvent() {
    List<ValuationHistory.CashStep> cash =
        List.of(cash(1, "1000", at(-1, 0)), cash(2, "900", at(0, 10)), cash(3, "950", at(5, 0)));

    List<Point> points =
        ValuationHistory.compute(steps, prices, cash, MON, at(6, 0), Interval.EVENT, 1000);

    // the deposit is before from; the buy of a is a holding and a cash change at once
    assertThat(points)
        .extracting(Point::at)
        .containsExactly(at(0, 10), at(1, 15), at(2, 9), at(5, 0));
    assertThat(points.stream().map(p -> p.cash().stripTrailingZeros().toPlainString()))
        .containsExactly("900", "900", "900", "950");
  }

  @Test
  void shouldLeaveCashOutUnlessAskedFor() {
    assertThat(compute(MON, at(3, 0), Interval.DAY)).allMatch(p -> p.cash() == null);
  }

  private static ValuationHistory.CashStep cash(long seq, String balance, Instant at) {
    return new ValuationHistory.CashStep(seq, new BigDecimal(balance), at);
  }

  private List<Point> compute(Instant from, Instant to, Interval interval) {
    return ValuationHistory.compute(steps, prices, from, to, interval, 1000);
  }

  private static List<String> values(List<Point> points) {
    return points.stream().map(p -> p.totalValue().stripTrailingZeros().toPlainString()).toList();
  }

  private static Instant at(int day, int hour) {
    return MON.plusSeconds(86400L * day + 3600L * hour);
  }

  private static HoldingStep step(String token, long seq, String qty, String cost, Instant at) {
    return new HoldingStep(token, seq, new BigDecimal(qty), new BigDecimal(cost), at);
  }

  private static PricePoint price(String token, String price, Instant at) {
    return new PricePoint(token, at, new BigDecimal(price));
  }
}
