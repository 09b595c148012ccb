package io.equitoken.benchmarks;

import io.equitoken.trading.engine.AuctionIndication;
import io.equitoken.trading.engine.EngineCommand;
import io.equitoken.trading.engine.EngineCommand.CreditHolding;
import io.equitoken.trading.engine.EngineCommand.OpenWindow;
import io.equitoken.trading.engine.EngineCommand.PlaceOrder;
import io.equitoken.trading.engine.EngineCommand.Uncross;
import io.equitoken.trading.engine.PriceBand;
import io.equitoken.trading.engine.Side;
import io.equitoken.trading.engine.TimeInForce;
import io.equitoken.trading.engine.WindowPhase;
import io.equitoken.trading.engine.fast.FastMatchingEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Flow (b): a call auction over 100,000 orders (1,000 owners, prices ±1,000 ticks around the
 * reference, sizes 1 + r³), uncrossed at once. Buyers and sellers are disjoint owners so that no
 * order is refused by the call-phase self-trade check.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class AuctionBenchmark {
  static final int ORDERS = 100_000;
  static final Uncross UNCROSS = new Uncross();

  @State(Scope.Thread)
  public static class CallBook {
    List<EngineCommand> commands;
    FastMatchingEngine engine;
    final CountingSink sink = new CountingSink();

    @Setup(Level.Trial)
    public void generate() {
      commands = callAuction();
    }

    @Setup(Level.Invocation)
    public void fill() {
      engine = new FastMatchingEngine(FlowGenerator.START_PRICE, ORDERS + 1024);
      commands.forEach(c -> engine.process(c, sink));
      if (sink.rejections > 0) {
        throw new IllegalStateException("auction book had rejections: " + sink.rejections);
      }
      sink.reset();
    }
  }

  /** Holdings, a window opened in the call phase, and the 100,000 orders; seeded. */
  static List<EngineCommand> callAuction() {
    Random random = new Random(7);
    List<EngineCommand> commands = new ArrayList<>();
    for (long owner = 1; owner <= FlowGenerator.OWNERS; owner++) {
      commands.add(new CreditHolding(owner, FlowGenerator.HOLDING));
    }
    commands.add(new OpenWindow(WindowPhase.CALL, PriceBand.NONE));
    for (int i = 1; i <= ORDERS; i++) {
      long owner = 1 + random.nextInt((int) FlowGenerator.OWNERS);
      Side side = owner % 2 == 0 ? Side.SELL : Side.BUY;
      long price = FlowGenerator.START_PRICE - 1_000 + random.nextInt(2_001);
      double r = random.nextDouble() * 5;
      long lots = 1 + (long) (r * r * r);
      commands.add(new PlaceOrder(i, owner, side, price, lots, TimeInForce.GOOD_TILL_WINDOW_CLOSE));
    }
    return commands;
  }

  @Benchmark
  public long uncross100kOrders(CallBook book) {
    book.engine.process(UNCROSS, book.sink);
    return book.sink.trades;
  }

  @Benchmark
  public Optional<AuctionIndication> indicativePrice100kOrders(CallBook book) {
    return book.engine.indicativeAuction();
  }
}
