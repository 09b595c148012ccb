package io.equitoken.benchmarks;

import exchange.core2.core.common.api.ApiCommand;
import io.equitoken.trading.engine.EngineCommand;
import java.util.List;
import java.util.Map;

/**
 * One generated order flow in two dialects: our engine's commands and the same orders as
 * exchange-core API commands, index for index. {@code setup} (holdings, window, the initial book)
 * is applied before timing starts.
 */
public record OrderFlow(
    List<EngineCommand> setup,
    List<EngineCommand> commands,
    List<ApiCommand> exchangeCoreSetup,
    List<ApiCommand> exchangeCoreCommands,
    Map<String, Long> mix) {}
