package io.equitoken.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.trading.engine.fast.FastMatchingEngine;
import org.junit.jupiter.api.Test;

class FlowGeneratorTest {
  private static final int COMMANDS = 50_000;

  @Test
  void shouldGenerateTheIdenticalFlowForTheSameSeed() {
    // when
    OrderFlow first = FlowGenerator.generate(11, COMMANDS);
    OrderFlow second = FlowGenerator.generate(11, COMMANDS);
    // then
    assertThat(second.commands()).isEqualTo(first.commands());
    assertThat(second.exchangeCoreCommands()).hasSameSizeAs(first.commands());
  }

  @Test
  void shouldMatchTheExchangeCoreCommandMix() {
    // when
    OrderFlow flow = FlowGenerator.generate(11, COMMANDS);
    // then: near exchange-core's 71 / 13 / 7 / 7 / 2 (the feedback loop gives about 74 / 11 / 7 / 7
    // / 2)
    assertThat(share(flow, "move")).isBetween(68.0, 76.0);
    assertThat(share(flow, "new")).isBetween(9.0, 15.0);
    assertThat(share(flow, "cancel")).isBetween(5.0, 9.0);
    assertThat(share(flow, "reduce")).isBetween(5.0, 9.0);
    assertThat(share(flow, "ioc")).isBetween(1.0, 3.5);
  }

  @Test
  void shouldKeepTheBookNearOneThousandOrdersWithoutRejections() {
    // given
    OrderFlow flow = FlowGenerator.generate(11, COMMANDS);
    FastMatchingEngine engine = new FastMatchingEngine(FlowGenerator.START_PRICE);
    CountingSink sink = new CountingSink();
    // when
    flow.setup().forEach(c -> engine.process(c, sink));
    flow.commands().forEach(c -> engine.process(c, sink));
    // then
    int resting = engine.snapshot().bids().size() + engine.snapshot().asks().size();
    assertThat(resting).isBetween(900, 1100);
    assertThat(sink.rejections).isZero();
    assertThat(sink.trades).isPositive();
  }

  private static double share(OrderFlow flow, String kind) {
    return 100.0 * flow.mix().getOrDefault(kind, 0L) / flow.commands().size();
  }
}
