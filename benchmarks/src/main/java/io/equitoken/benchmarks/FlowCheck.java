package io.equitoken.benchmarks;

import exchange.core2.core.common.CoreWaitStrategy;
import exchange.core2.core.common.cmd.CommandResultCode;
import io.equitoken.trading.engine.EngineCommand;
import io.equitoken.trading.engine.fast.FastMatchingEngine;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Map;

/**
 * Not a benchmark: replays flow (a) through both engines and prints what each made of it (trades,
 * rejections, result codes), to show that both really process the same orders. It also reports the
 * thread CPU time our engine spends per command and per 100k-order uncross: on a shared, loaded
 * machine that is a useful second view next to JMH's wall-clock scores. {@code java -cp
 * benchmarks/target/benchmarks.jar <add-opens flags> io.equitoken.benchmarks.FlowCheck}
 */
public final class FlowCheck {
  private FlowCheck() {}

  public static void main(String[] args) {
    int commands = args.length > 0 ? Integer.parseInt(args[0]) : FlowThroughputBenchmark.COMMANDS;
    OrderFlow flow = FlowGenerator.generate(FlowThroughputBenchmark.SEED, commands);
    System.out.println("mix: " + flow.mix());

    FastMatchingEngine engine = new FastMatchingEngine(FlowGenerator.START_PRICE, 8192);
    CountingSink sink = new CountingSink();
    flow.setup().forEach(c -> engine.process(c, sink));
    sink.reset();
    for (EngineCommand c : flow.commands()) {
      engine.process(c, sink);
    }
    var state = engine.snapshot();
    long levels =
        state.bids().stream().mapToLong(o -> o.priceTicks()).distinct().count()
            + state.asks().stream().mapToLong(o -> o.priceTicks()).distinct().count();
    System.out.printf(
        "equitoken: events=%d trades=%d tradedLots=%d rejections=%d resting=%d levels=%d%n",
        sink.events,
        sink.trades,
        sink.tradedLots,
        sink.rejections,
        state.bids().size() + state.asks().size(),
        levels);

    cpuTime(flow);

    try (ExchangeCoreRunner exchangeCore = new ExchangeCoreRunner(CoreWaitStrategy.YIELDING)) {
      exchangeCore.prepare(flow);
      Map<CommandResultCode, Long> codes = exchangeCore.replayCounting(flow.exchangeCoreCommands());
      System.out.println("exchange-core result codes: " + codes);
    }
  }

  private static void cpuTime(OrderFlow flow) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    EngineCommand[] commands = flow.commands().toArray(new EngineCommand[0]);
    CountingSink sink = new CountingSink();
    for (int run = 1; run <= 8; run++) {
      FastMatchingEngine engine = new FastMatchingEngine(FlowGenerator.START_PRICE, 8192);
      flow.setup().forEach(c -> engine.process(c, sink));
      long start = threads.getCurrentThreadCpuTime();
      for (EngineCommand c : commands) {
        engine.process(c, sink);
      }
      long nanos = threads.getCurrentThreadCpuTime() - start;
      System.out.printf(
          "flow (a) run %d: %.0f ns CPU per command%n", run, (double) nanos / commands.length);
    }
    List<EngineCommand> auction = AuctionBenchmark.callAuction();
    for (int run = 1; run <= 8; run++) {
      FastMatchingEngine engine = new FastMatchingEngine(FlowGenerator.START_PRICE, 101_024);
      auction.forEach(c -> engine.process(c, sink));
      long start = threads.getCurrentThreadCpuTime();
      engine.process(AuctionBenchmark.UNCROSS, sink);
      long nanos = threads.getCurrentThreadCpuTime() - start;
      System.out.printf("flow (b) run %d: uncross of 100k orders %.1f ms CPU%n", run, nanos / 1e6);
    }
  }
}
