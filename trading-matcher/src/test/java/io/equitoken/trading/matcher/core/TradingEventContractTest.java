package io.equitoken.trading.matcher.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.EventContracts;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The producer side of {@code contracts/events/trading/}: a session that makes the matcher emit
 * every {@link TradingEvent} type (the null variants too — an auction that does not clear, an
 * indicative auction that vanished, a rejection of an unknown token), each event serialised as on
 * the wire and validated against its schema; and each record's components are exactly its schema's
 * properties, in the schema's order.
 */
class TradingEventContractTest {

  private static final String T = "70c00000-0000-4000-8000-0000000000e1";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Test
  void shouldEmitEveryEventTypeAndEachConformsToItsContract() {
    Map<String, List<String>> emitted = new LinkedHashMap<>();
    for (MatcherEvent e : session()) {
      // the bytes are what goes on the wire
      String wire = new String(e.dataBytes(), java.nio.charset.StandardCharsets.UTF_8);
      EventContracts.assertConforms(e.type(), wire);
      assertThat(wire).isEqualTo(e.dataJson());
      assertThat(e.type()).isEqualTo("equitoken.trading." + e.data().name() + ".v1");
      emitted.computeIfAbsent(e.type(), t -> new ArrayList<>()).add(e.dataJson());
    }

    assertThat(emitted.keySet())
        .containsExactlyInAnyOrderElementsOf(
            Arrays.stream(TradingEvent.class.getPermittedSubclasses())
                .map(TradingEventContractTest::typeOf)
                .toList());
    assertThat(emitted.get("equitoken.trading.auction.result.v1"))
        .anyMatch(json -> json.contains("\"cleared\":false,\"clearingPrice\":null"))
        .anyMatch(json -> json.contains("\"cleared\":true"));
    assertThat(emitted.get("equitoken.trading.auction.indicative.v1"))
        .anyMatch(json -> json.contains("\"indicativePrice\":null"));
    assertThat(emitted.get("equitoken.trading.order.rejected.v1"))
        .anyMatch(json -> json.contains("\"code\":\"token.unknown\""));
  }

  @Test
  void shouldDeclareExactlyTheSchemaPropertiesInTheSchemaOrder() throws IOException {
    for (Class<?> type : TradingEvent.class.getPermittedSubclasses()) {
      JsonNode schema = JSON.readTree(Files.readString(EventContracts.schemaFile(typeOf(type))));
      List<String> properties = new ArrayList<>(schema.get("properties").propertyNames());
      Set<String> required =
          schema.get("required").valueStream().map(JsonNode::asString).collect(Collectors.toSet());

      assertThat(components(type)).as(type.getSimpleName()).isEqualTo(properties);
      assertThat(required).as(type.getSimpleName()).containsExactlyInAnyOrderElementsOf(properties);
    }
  }

  /**
   * Orders, trades, cancels, rejections, transfers, two call auctions: every type at least once.
   */
  private static List<MatcherEvent> session() {
    Commands c = new Commands(T);
    CommandProcessor processor = new CommandProcessor(EngineFactory.REFERENCE);
    List<MatcherCommand> script =
        List.of(
            c.place("X1", "alice", "W1", "buy", "1", "10"),
            c.register("1000", "10"),
            c.open("W1", "continuous", null),
            c.place("S1", Commands.ISSUER, "W1", "sell", "300", "10"),
            c.place("B1", "alice", "W1", "buy", "100", "10.5"),
            c.place("B2", "bob", "W1", "buy", "10", "9"),
            c.cancel("B2", "bob"),
            c.place("X2", "bob", "OTHER", "buy", "1", "10"),
            c.transfer("T1", "alice", "carol", "40"),
            c.transfer("T2", "alice", "carol", "4000"),
            c.close("W1"),
            c.open("W2", "call", "10"),
            c.callPhase("W2"),
            c.place("S2", Commands.ISSUER, "W2", "sell", "50", "10"),
            c.place("B3", "bob", "W2", "buy", "30", "10.2"),
            c.indicate("W2"),
            c.close("W2"),
            c.open("W3", "call", null),
            c.callPhase("W3"),
            c.place("B4", "carol", "W3", "buy", "5", "9"),
            c.place("S3", "alice", "W3", "sell", "5", "9"),
            c.indicate("W3"),
            c.cancel("S3", "alice"),
            c.indicate("W3"),
            c.close("W3"));
    List<MatcherEvent> events = new ArrayList<>();
    script.forEach(command -> events.addAll(processor.apply(command)));
    return events;
  }

  private static List<String> components(Class<?> record) {
    return Arrays.stream(record.getRecordComponents()).map(RecordComponent::getName).toList();
  }

  private static String typeOf(Class<?> record) {
    try {
      Object[] nulls = new Object[record.getRecordComponents().length];
      Class<?>[] types =
          Arrays.stream(record.getRecordComponents())
              .map(RecordComponent::getType)
              .toArray(Class<?>[]::new);
      for (int i = 0; i < types.length; i++) {
        nulls[i] = types[i] == long.class ? 0L : types[i] == boolean.class ? false : null;
      }
      TradingEvent event = (TradingEvent) record.getDeclaredConstructor(types).newInstance(nulls);
      return "equitoken.trading." + event.name() + ".v1";
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }
}
