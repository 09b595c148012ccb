package io.equitoken.trading.matcher.core;

import io.equitoken.trading.engine.EngineCommand;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;

/**
 * The matcher's logic for the tokens of one partition, without Kafka: applies a command to the
 * token's engine and answers the contract's events. Deterministic: the same command sequence gives
 * the same events (ids included) and the same state, whichever {@link EngineFactory} backs the
 * tokens. Not thread-safe (one writer per partition).
 *
 * <p>A command goes: dedupe by command id (here) → {@link MatcherCommand#dispatch} to its method in
 * {@link CommandHandlers} → {@link Admission} → the token's engine → {@link EventTranslator}, which
 * walks the owners' {@link Positions} and emits {@link TradingEvent}s through {@link Out}.
 */
public final class CommandProcessor {

  private final EngineFactory engines;
  private final Map<String, TokenBook> tokens = new HashMap<>();
  private final CommandHandlers handlers;

  public CommandProcessor(EngineFactory engines) {
    this.engines = engines;
    this.handlers = new CommandHandlers(engines, tokens);
  }

  /** Applies one command and answers the events to publish (empty for an ignored duplicate). */
  public List<MatcherEvent> apply(MatcherCommand command) {
    TokenBook book = tokens.get(command.tokenId());
    if (book != null && book.seen(command.commandId())) {
      return List.of();
    }
    if (book != null) {
      // the command's own time is the engine's clock: lock-ups and rule versions replay alike
      book.engine.process(new EngineCommand.SetClock(command.at().toEpochMilli()));
    }
    Out out = new Out(command);
    command.dispatch(handlers, new CommandHandlers.Step(book, out));
    return out.events();
  }

  public Set<String> tokenIds() {
    return tokens.keySet();
  }

  /** Per token, the engine's state hash (for comparison with a clean replay). */
  public Map<String, Long> stateHashes() {
    Map<String, Long> hashes = new TreeMap<>();
    tokens.forEach((id, b) -> hashes.put(id, b.engine.stateHash()));
    return hashes;
  }

  /** Per token: is the sum of every holding equal to the registered supply? */
  public Map<String, Boolean> conservation() {
    Map<String, Boolean> result = new TreeMap<>();
    tokens.forEach(
        (id, b) -> result.put(id, b.engine.snapshot().totalHoldingLots() == b.supplyLots));
    return result;
  }

  /** Per token, the principal ids with their holding and available quantity (tests, replays). */
  public Map<String, Map<String, BigDecimal[]>> positions() {
    Map<String, Map<String, BigDecimal[]>> result = new TreeMap<>();
    tokens.forEach(
        (id, b) -> {
          Map<String, BigDecimal[]> owners = new TreeMap<>();
          for (int i = 1; i <= b.owners.size(); i++) {
            owners.put(
                b.principal(i),
                new BigDecimal[] {
                  b.spec.quantity(b.engine.holding(i)), b.spec.quantity(b.engine.available(i))
                });
          }
          result.put(id, owners);
        });
    return result;
  }

  /**
   * Writes the token's whole state as JSON (a snapshot record's {@code book}) to {@code g}; false,
   * writing nothing, if the token is unknown.
   */
  public boolean writeSnapshot(String tokenId, JsonGenerator g) {
    TokenBook book = tokens.get(tokenId);
    if (book == null) {
      return false;
    }
    book.writeJson(g);
    return true;
  }

  /** The token's whole state as a JSON tree (what {@link #writeSnapshot} writes), or null. */
  public JsonNode snapshot(String tokenId) {
    TokenBook book = tokens.get(tokenId);
    if (book == null) {
      return null;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = WireJson.MAPPER.createGenerator(out)) {
      book.writeJson(g);
    }
    return WireJson.MAPPER.readTree(out.toByteArray());
  }

  /** Takes a token's state from a {@link #snapshot}, replacing what it held of that token. */
  public void restore(JsonNode snapshot) {
    TokenBook book = TokenBook.fromJson(snapshot, engines);
    tokens.put(book.tokenId, book);
  }

  /** The token's book, or null; for tests of this package. */
  TokenBook book(String tokenId) {
    return tokens.get(tokenId);
  }

  void put(TokenBook book) {
    tokens.put(book.tokenId, book);
  }
}
