package io.equitoken.trading.matcher.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.EventContracts;
import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.trading.matcher.core.CommandProcessor;
import io.equitoken.trading.matcher.core.EngineFactory;
import io.equitoken.trading.matcher.core.MatcherCommand;
import io.equitoken.trading.matcher.core.MatcherEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** One test's own topics and group on the shared broker, and the checks every IT makes. */
final class MatcherFixture {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  final String bootstrap = TestInfrastructure.kafkaBootstrapServers();
  final String suffix = UUID.randomUUID().toString().substring(0, 8);

  MatcherConfig config(String instance) {
    return MatcherConfig.builder(bootstrap)
        .instanceId(instance)
        .groupId("matcher-" + suffix)
        .transactionalIdPrefix("matcher-" + suffix)
        .commandsTopic("orders-" + suffix)
        .eventsTopic("events-" + suffix)
        .snapshotsTopic("snapshots-" + suffix)
        .partitions(3)
        .snapshotEveryCommands(25)
        .snapshotEvery(Duration.ofSeconds(2))
        // a token of a few orders already takes several records: every restore joins chunks
        .snapshotChunkBytes(1024)
        .maxPollRecords(40)
        // as trading-service runs it: every test's rebalances and crashes may fall into a gather
        .gather(Duration.ofMillis(20))
        .transactionTimeout(Duration.ofSeconds(10))
        .build();
  }

  void send(List<MatcherCommand> commands) {
    MatcherTopics.ensure(config("setup"));
    String topic = config("setup").commandsTopic();
    CommandRecords.send(
        bootstrap, commands.stream().map(c -> CommandRecords.record(topic, c)).toList());
  }

  /** The committed events, read until at least the offline translation's count arrived. */
  List<ConsumerRecord<String, String>> events(List<MatcherCommand> commands) {
    int expected = expected(commands).values().stream().mapToInt(List::size).sum();
    return CommandRecords.readCommitted(
        bootstrap,
        config("setup").eventsTopic(),
        expected,
        Duration.ofSeconds(2),
        Duration.ofSeconds(60));
  }

  /** What the matcher must have published, per token, computed offline. */
  static Map<String, List<String>> expected(List<MatcherCommand> commands) {
    CommandProcessor processor = new CommandProcessor(EngineFactory.REFERENCE);
    Map<String, List<String>> perToken = new LinkedHashMap<>();
    for (MatcherCommand c : commands) {
      for (MatcherEvent e : processor.apply(c)) {
        perToken
            .computeIfAbsent(e.key(), k -> new ArrayList<>())
            .add(e.id() + " " + e.type() + " " + JSON.readTree(e.dataJson()));
      }
    }
    return perToken;
  }

  static Map<String, List<String>> actual(List<ConsumerRecord<String, String>> records) {
    Map<String, List<String>> perToken = new LinkedHashMap<>();
    for (ConsumerRecord<String, String> r : records) {
      perToken
          .computeIfAbsent(r.key(), k -> new ArrayList<>())
          .add(
              KafkaRecords.header(r, "ce_id")
                  + " "
                  + KafkaRecords.header(r, "ce_type")
                  + " "
                  + JSON.readTree(r.value()));
    }
    return perToken;
  }

  /**
   * Exactly the expected events, once each and in order per token; every one conforms to its
   * schema; no trade id twice; every order exactly one final state; the matcher's state equals a
   * clean replay through reference engines and a recovery from the snapshots; holdings conserved.
   */
  void checkExactlyOnce(
      List<MatcherCommand> commands,
      List<ConsumerRecord<String, String>> records,
      Map<String, Long> matcherHashes) {
    assertThat(actual(records)).isEqualTo(expected(commands));
    Set<String> ids = new HashSet<>();
    Set<String> trades = new HashSet<>();
    Map<String, Integer> finals = new HashMap<>();
    for (ConsumerRecord<String, String> r : records) {
      String type = KafkaRecords.header(r, "ce_type");
      assertThat(ids.add(KafkaRecords.header(r, "ce_id"))).as("duplicate event").isTrue();
      assertThat(EventContracts.violations(type, r.value())).as(type + " " + r.value()).isEmpty();
      assertThat(KafkaRecords.header(r, "ce_source")).isEqualTo("/trading-service");
      JsonNode d = JSON.readTree(r.value());
      switch (type) {
        case "equitoken.trading.trade.executed.v1" ->
            assertThat(trades.add(d.get("tradeId").asString())).as("trade twice").isTrue();
        case "equitoken.trading.order.filled.v1" -> {
          if (d.get("status").asString().equals("filled")) {
            finals.merge(r.key() + "|" + d.get("orderId").asString(), 1, Integer::sum);
          }
        }
        case "equitoken.trading.order.cancelled.v1",
            "equitoken.trading.order.expired.v1",
            "equitoken.trading.order.rejected.v1" ->
            finals.merge(r.key() + "|" + d.get("orderId").asString(), 1, Integer::sum);
        default -> {}
      }
    }
    assertThat(trades).isNotEmpty();
    assertThat(finals).isNotEmpty();
    assertThat(finals.values()).allMatch(n -> n == 1);
    Replay.Result clean = Replay.clean(config("replay"));
    Replay.Result recovered = Replay.recovered(config("replay"));
    assertThat(clean.stateHashes()).isNotEmpty();
    assertThat(matcherHashes).isEqualTo(clean.stateHashes());
    assertThat(recovered.stateHashes()).isEqualTo(clean.stateHashes());
    assertThat(clean.conservation()).doesNotContainValue(false);
    // the snapshots recovered from were written in chunks, which the recovery joined
    assertThat(
            CommandRecords.readCommitted(
                bootstrap,
                config("setup").snapshotsTopic(),
                Duration.ofMillis(500),
                Duration.ofSeconds(30)))
        .extracting(ConsumerRecord::key)
        .anyMatch(key -> key.matches("token\\|.+\\|[0-9]+"));
  }
}
