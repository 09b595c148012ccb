package io.equitoken.benchmarks;

import exchange.core2.core.ExchangeApi;
import exchange.core2.core.ExchangeCore;
import exchange.core2.core.common.CoreSymbolSpecification;
import exchange.core2.core.common.CoreWaitStrategy;
import exchange.core2.core.common.SymbolType;
import exchange.core2.core.common.api.ApiAddUser;
import exchange.core2.core.common.api.ApiAdjustUserBalance;
import exchange.core2.core.common.api.ApiCommand;
import exchange.core2.core.common.api.ApiNop;
import exchange.core2.core.common.api.ApiReset;
import exchange.core2.core.common.api.binary.BatchAddSymbolsCommand;
import exchange.core2.core.common.cmd.CommandResultCode;
import exchange.core2.core.common.cmd.OrderCommand;
import exchange.core2.core.common.config.ExchangeConfiguration;
import exchange.core2.core.common.config.InitialStateConfiguration;
import exchange.core2.core.common.config.LoggingConfiguration;
import exchange.core2.core.common.config.OrdersProcessingConfiguration;
import exchange.core2.core.common.config.PerformanceConfiguration;
import exchange.core2.core.common.config.ReportsQueriesConfiguration;
import exchange.core2.core.common.config.SerializationConfiguration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * exchange-core 0.5.3 set up like its own throughput test, sized for our 2-core machine: one
 * matching engine, one risk engine, YIELDING wait strategy, no journaling, plain threads (no CPU
 * pinning). One currency-exchange symbol; every owner is a user with ample balances, so the risk
 * engine checks every order as our engine checks positions.
 */
public final class ExchangeCoreRunner implements AutoCloseable {
  private static final int BASE = 1;
  private static final int QUOTE = 2;

  private final ExchangeCore core;
  private final ExchangeApi api;
  private final Map<CommandResultCode, Long> results = new EnumMap<>(CommandResultCode.class);
  private volatile boolean counting;

  public ExchangeCoreRunner(CoreWaitStrategy waitStrategy) {
    PerformanceConfiguration performance =
        PerformanceConfiguration.throughputPerformanceBuilder()
            .matchingEnginesNum(1)
            .riskEnginesNum(1)
            .waitStrategy(waitStrategy)
            .threadFactory(Thread::new)
            .build();
    ExchangeConfiguration config =
        ExchangeConfiguration.builder()
            .ordersProcessingCfg(OrdersProcessingConfiguration.DEFAULT)
            .initStateCfg(InitialStateConfiguration.CLEAN_TEST)
            .performanceCfg(performance)
            .reportsQueriesCfg(ReportsQueriesConfiguration.createStandardConfig())
            .loggingCfg(LoggingConfiguration.DEFAULT)
            .serializationCfg(SerializationConfiguration.DEFAULT)
            .build();
    core =
        ExchangeCore.builder()
            .resultsConsumer(this::onResult)
            .exchangeConfiguration(config)
            .build();
    core.startup();
    api = core.getApi();
  }

  private void onResult(OrderCommand cmd, long seq) {
    if (counting) {
      results.merge(cmd.resultCode, 1L, Long::sum);
    }
  }

  /** Reset to an empty exchange with the symbol, the users and the flow's initial book. */
  public void prepare(OrderFlow flow) {
    api.submitCommandAsync(ApiReset.builder().build()).join();
    CoreSymbolSpecification symbol =
        CoreSymbolSpecification.builder()
            .symbolId(FlowGenerator.SYMBOL)
            .type(SymbolType.CURRENCY_EXCHANGE_PAIR)
            .baseCurrency(BASE)
            .quoteCurrency(QUOTE)
            .baseScaleK(1)
            .quoteScaleK(1)
            .takerFee(0)
            .makerFee(0)
            .build();
    api.submitBinaryDataAsync(new BatchAddSymbolsCommand(symbol)).join();
    long tx = 1;
    for (long uid = 1; uid <= FlowGenerator.OWNERS; uid++) {
      api.submitCommand(ApiAddUser.builder().uid(uid).build());
      api.submitCommand(
          ApiAdjustUserBalance.builder()
              .uid(uid)
              .currency(BASE)
              .amount(FlowGenerator.HOLDING)
              .transactionId(tx++)
              .build());
      api.submitCommand(
          ApiAdjustUserBalance.builder()
              .uid(uid)
              .currency(QUOTE)
              .amount(Long.MAX_VALUE / 4)
              .transactionId(tx++)
              .build());
    }
    replay(flow.exchangeCoreSetup());
  }

  /** Publishes every command and waits until the last one has been processed. */
  public void replay(List<ApiCommand> commands) {
    for (ApiCommand c : commands) {
      api.submitCommand(c);
    }
    api.submitCommandAsync(ApiNop.builder().build()).join();
  }

  /** Replays while counting result codes (for checking the flow, not for timing). */
  public Map<CommandResultCode, Long> replayCounting(List<ApiCommand> commands) {
    results.clear();
    counting = true;
    replay(commands);
    counting = false;
    return Map.copyOf(results);
  }

  @Override
  public void close() {
    core.shutdown();
  }
}
