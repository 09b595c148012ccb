package io.equitoken.benchmarks;

import exchange.core2.core.common.CoreWaitStrategy;
import io.equitoken.trading.engine.EngineCommand;
import io.equitoken.trading.engine.fast.FastMatchingEngine;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Flow (a): the same generated command list replayed through our fast engine (single thread,
 * positions checked) and through exchange-core (one matching and one risk engine). Each invocation
 * replays the whole list from the same initial book; scores are commands per second. The two
 * engines live in separate state objects so that exchange-core's threads do not run (and steal a
 * core) while our engine is being measured.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "-Xms2g",
      "-Xmx2g",
      JvmFlags.ADD_OPENS_1,
      JvmFlags.ADD_OPENS_2,
      JvmFlags.ADD_OPENS_3,
      JvmFlags.ADD_OPENS_4,
      JvmFlags.ADD_OPENS_5,
      JvmFlags.ADD_OPENS_6,
      JvmFlags.ADD_OPENS_7,
      JvmFlags.ADD_OPENS_8
    })
public class FlowThroughputBenchmark {
  static final int COMMANDS = 1_000_000;
  static final long SEED = 20_240_611L;

  @State(Scope.Benchmark)
  public static class Flow {
    OrderFlow flow;
    EngineCommand[] commands;

    @Setup(Level.Trial)
    public void generate() {
      flow = FlowGenerator.generate(SEED, COMMANDS);
      commands = flow.commands().toArray(new EngineCommand[0]);
    }
  }

  @State(Scope.Thread)
  public static class OurEngine {
    FastMatchingEngine engine;
    final CountingSink sink = new CountingSink();

    @Setup(Level.Invocation)
    public void prepare(Flow flow) {
      engine = new FastMatchingEngine(FlowGenerator.START_PRICE, 8192);
      flow.flow.setup().forEach(c -> engine.process(c, sink));
      sink.reset();
    }
  }

  @State(Scope.Thread)
  public static class ExchangeCore {
    @Param({"YIELDING"})
    public String waitStrategy;

    ExchangeCoreRunner runner;

    @Setup(Level.Trial)
    public void start() {
      runner = new ExchangeCoreRunner(CoreWaitStrategy.valueOf(waitStrategy));
    }

    @Setup(Level.Invocation)
    public void prepare(Flow flow) {
      runner.prepare(flow.flow);
    }

    @TearDown(Level.Trial)
    public void stop() {
      runner.close();
    }
  }

  @Benchmark
  @OperationsPerInvocation(COMMANDS)
  public long equitokenFastEngine(Flow flow, OurEngine our) {
    for (EngineCommand command : flow.commands) {
      our.engine.process(command, our.sink);
    }
    return our.sink.events;
  }

  @Benchmark
  @OperationsPerInvocation(COMMANDS)
  public void exchangeCore(Flow flow, ExchangeCore exchange) {
    exchange.runner.replay(flow.flow.exchangeCoreCommands());
  }
}
