package io.equitoken.benchmarks;

import io.equitoken.trading.engine.EngineCommand;
import io.equitoken.trading.engine.EngineCommand.CancelOrder;
import io.equitoken.trading.engine.EngineCommand.PlaceOrder;
import io.equitoken.trading.engine.Side;
import io.equitoken.trading.engine.TimeInForce;
import io.equitoken.trading.engine.fast.FastMatchingEngine;
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
 * Latency of single commands of flow (a) (JMH sample mode gives the percentiles), and the
 * allocation-free claim for a resting limit order: run with {@code -prof gc} and read {@code
 * gc.alloc.rate.norm} (bytes per operation).
 */
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class CommandLatencyBenchmark {
  static final int COMMANDS = 2_000_000;

  @State(Scope.Thread)
  public static class Replay {
    EngineCommand[] setup;
    EngineCommand[] commands;
    FastMatchingEngine engine;
    final CountingSink sink = new CountingSink();
    int next;

    @Setup(Level.Trial)
    public void generate() {
      OrderFlow flow = FlowGenerator.generate(FlowThroughputBenchmark.SEED, COMMANDS);
      setup = flow.setup().toArray(new EngineCommand[0]);
      commands = flow.commands().toArray(new EngineCommand[0]);
      restart();
    }

    /** Rare (once per two million commands), and it shows as a single outlier sample. */
    void restart() {
      engine = new FastMatchingEngine(FlowGenerator.START_PRICE, 8192);
      for (EngineCommand c : setup) {
        engine.process(c, sink);
      }
      next = 0;
    }
  }

  @Benchmark
  @BenchmarkMode(Mode.SampleTime)
  @OutputTimeUnit(TimeUnit.NANOSECONDS)
  public long oneCommandOfTheFlow(Replay r) {
    if (r.next == r.commands.length) {
      r.restart();
    }
    r.engine.process(r.commands[r.next++], r.sink);
    return r.sink.events;
  }

  /** A book as flow (a) leaves it, and one order that joins the best bid's level and leaves. */
  @State(Scope.Thread)
  public static class RestingOrder {
    FastMatchingEngine engine;
    final CountingSink sink = new CountingSink();
    PlaceOrder place;
    CancelOrder cancel;

    @Setup(Level.Trial)
    public void prepare() {
      OrderFlow flow = FlowGenerator.generate(FlowThroughputBenchmark.SEED, 100_000);
      engine = new FastMatchingEngine(FlowGenerator.START_PRICE, 8192);
      flow.setup().forEach(c -> engine.process(c, sink));
      flow.commands().forEach(c -> engine.process(c, sink));
      long bestBid = engine.snapshot().bids().get(0).priceTicks();
      place =
          new PlaceOrder(
              Long.MAX_VALUE, 7, Side.BUY, bestBid, 5, TimeInForce.GOOD_TILL_WINDOW_CLOSE);
      cancel = new CancelOrder(Long.MAX_VALUE, 7);
    }
  }

  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.NANOSECONDS)
  public long placeAndCancelRestingLimitOrder(RestingOrder s) {
    s.engine.process(s.place, s.sink);
    s.engine.process(s.cancel, s.sink);
    return s.sink.events;
  }
}
