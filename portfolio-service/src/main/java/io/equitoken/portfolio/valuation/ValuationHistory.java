package io.equitoken.portfolio.valuation;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Replays one investor's holding steps and their tokens' prices over time. With {@code event}, a
 * point follows every change of a holding and every price change of a token held at the time;
 * otherwise there is a point at every interval boundary in {@code [from, to]} and at {@code to},
 * each carrying forward the last state. Points before the investor's first holding are left out. A
 * point counts every change at or before its instant.
 */
public final class ValuationHistory {

  /** A holding as it became at {@code at}: new quantity and cost basis. */
  public record HoldingStep(
      String tokenId, long sequence, BigDecimal quantity, BigDecimal costBasis, Instant at) {}

  /** The cash balance after the owner's cash change {@code sequence}, from {@code at} on. */
  public record CashStep(long sequence, BigDecimal balance, Instant at) {}

  /** A token's price from {@code at} on. */
  public record PricePoint(String tokenId, Instant at, BigDecimal price) {}

  /** {@code cash} (the cash balance at {@code at}) is null unless cash was asked for. */
  public record Point(
      Instant at,
      BigDecimal totalValue,
      BigDecimal costBasis,
      List<Valuation.Position> holdings,
      BigDecimal cash) {}

  /** More points than allowed; the caller should narrow the range. */
  public static final class TooManyPoints extends RuntimeException {
    public TooManyPoints(int max) {
      super("more than " + max + " points");
    }
  }

  private ValuationHistory() {}

  public static List<Point> compute(
      List<HoldingStep> steps,
      List<PricePoint> prices,
      Instant from,
      Instant to,
      Interval interval,
      int maxPoints) {
    return compute(steps, prices, null, from, to, interval, maxPoints);
  }

  /**
   * As above; with {@code cash} (the owner's cash steps, not null) every point also carries the
   * cash balance at its instant, a cash change is a change for {@code event} points, and points
   * start at the first holding or cash change, whichever is earlier.
   */
  public static List<Point> compute(
      List<HoldingStep> steps,
      List<PricePoint> prices,
      List<CashStep> cash,
      Instant from,
      Instant to,
      Interval interval,
      int maxPoints) {
    List<Instant> instants =
        interval == Interval.EVENT
            ? changeInstants(steps, prices, cash, from, to)
            : boundaries(interval, from, to, maxPoints);
    Replay replay = new Replay(steps, prices, cash);
    List<Point> points = new ArrayList<>();
    for (Instant at : instants) {
      replay.advanceTo(at);
      if (!replay.started()) {
        continue;
      }
      if (interval == Interval.EVENT && !replay.changedAt(at)) {
        continue;
      }
      if (points.size() == maxPoints) {
        throw new TooManyPoints(maxPoints);
      }
      points.add(replay.point(at));
    }
    return points;
  }

  static List<Instant> boundaries(Interval interval, Instant from, Instant to, int maxPoints) {
    List<Instant> out = new ArrayList<>();
    for (Instant b = interval.firstBoundary(from); !b.isAfter(to); b = interval.next(b)) {
      out.add(b);
      if (out.size() > maxPoints) {
        throw new TooManyPoints(maxPoints);
      }
    }
    if (out.isEmpty() || !out.get(out.size() - 1).equals(to)) {
      out.add(to);
    }
    return out;
  }

  private static List<Instant> changeInstants(
      List<HoldingStep> steps,
      List<PricePoint> prices,
      List<CashStep> cash,
      Instant from,
      Instant to) {
    TreeSet<Instant> all = new TreeSet<>();
    if (cash != null) {
      cash.stream().map(CashStep::at).filter(t -> within(t, from, to)).forEach(all::add);
    }
    steps.stream().map(HoldingStep::at).filter(t -> within(t, from, to)).forEach(all::add);
    prices.stream().map(PricePoint::at).filter(t -> within(t, from, to)).forEach(all::add);
    return List.copyOf(all);
  }

  private static boolean within(Instant t, Instant from, Instant to) {
    return !t.isBefore(from) && !t.isAfter(to);
  }

  /** Walks steps and prices forward in time, keeping each token's quantity, cost and price. */
  private static final class Replay {
    private final List<HoldingStep> steps;
    private final List<PricePoint> prices;
    private final Map<String, HoldingStep> holding = new TreeMap<>();
    private final Map<String, BigDecimal> price = new TreeMap<>();
    private final Map<String, BigDecimal> firstPrice = new TreeMap<>();
    private int nextStep;
    private int nextPrice;
    private Instant lastHoldingChange;
    private final Map<String, Instant> lastPriceChange = new TreeMap<>();
    private final List<CashStep> cash;
    private int nextCash;
    private CashStep cashNow;

    Replay(List<HoldingStep> steps, List<PricePoint> prices, List<CashStep> cash) {
      this.cash =
          cash == null
              ? null
              : cash.stream()
                  .sorted(Comparator.comparing(CashStep::at).thenComparingLong(CashStep::sequence))
                  .toList();
      this.steps =
          steps.stream()
              .sorted(
                  Comparator.comparing(HoldingStep::at)
                      .thenComparing(HoldingStep::tokenId)
                      .thenComparingLong(HoldingStep::sequence))
              .toList();
      this.prices = prices.stream().sorted(Comparator.comparing(PricePoint::at)).toList();
      for (PricePoint p : this.prices) {
        firstPrice.putIfAbsent(p.tokenId(), p.price());
      }
    }

    void advanceTo(Instant at) {
      while (nextStep < steps.size() && !steps.get(nextStep).at().isAfter(at)) {
        HoldingStep step = steps.get(nextStep++);
        HoldingStep known = holding.get(step.tokenId());
        if (known == null || known.sequence() < step.sequence()) {
          holding.put(step.tokenId(), step);
        }
        lastHoldingChange = step.at();
      }
      while (nextPrice < prices.size() && !prices.get(nextPrice).at().isAfter(at)) {
        PricePoint p = prices.get(nextPrice++);
        price.put(p.tokenId(), p.price());
        lastPriceChange.put(p.tokenId(), p.at());
      }
      while (cash != null && nextCash < cash.size() && !cash.get(nextCash).at().isAfter(at)) {
        CashStep step = cash.get(nextCash++);
        if (cashNow == null || cashNow.sequence() < step.sequence()) {
          cashNow = step;
        }
      }
    }

    boolean started() {
      return !holding.isEmpty() || cashNow != null;
    }

    /** Whether a holding, the cash, or the price of a token held, changed exactly at {@code at}. */
    boolean changedAt(Instant at) {
      if (at.equals(lastHoldingChange) || (cashNow != null && at.equals(lastCashChange()))) {
        return true;
      }
      return holding.values().stream()
          .anyMatch(h -> h.quantity().signum() > 0 && at.equals(lastPriceChange.get(h.tokenId())));
    }

    Point point(Instant at) {
      List<Valuation.Position> positions = new ArrayList<>();
      BigDecimal cost = BigDecimal.ZERO;
      for (HoldingStep h : holding.values()) {
        if (h.quantity().signum() == 0) {
          continue;
        }
        BigDecimal p = price.getOrDefault(h.tokenId(), firstPrice.get(h.tokenId()));
        positions.add(
            Valuation.Position.of(h.tokenId(), h.quantity(), p == null ? BigDecimal.ZERO : p));
        cost = cost.add(h.costBasis());
      }
      BigDecimal balance =
          cash == null ? null : cashNow == null ? BigDecimal.ZERO : cashNow.balance();
      return new Point(at, Valuation.total(positions), cost, List.copyOf(positions), balance);
    }

    private Instant lastCashChange() {
      return cash.get(nextCash - 1).at();
    }
  }
}
