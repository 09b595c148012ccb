package io.equitoken.trading.matcher.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.trading.matcher.core.Commands;
import io.equitoken.trading.matcher.core.MatcherCommand;
import io.equitoken.trading.matcher.core.MatcherEvent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/** A scripted session through a real broker: exactly the expected events, once each. */
class MatcherFlowIT {

  private final MatcherFixture fixture = new MatcherFixture();

  @Test
  void shouldPublishExactlyTheSessionsEventsOnceEvenWhenTheRelayRepeatsCommands() throws Exception {
    // given a session of two tokens: register, open, orders, fills, cancels, a transfer, close
    String t1 = "70c00000-0000-4000-8000-0000000000a1";
    String t2 = "70c00000-0000-4000-8000-0000000000a2";
    Commands a = new Commands(t1);
    Commands b = new Commands(t2);
    List<MatcherCommand> commands =
        List.of(
            a.register("1000", "9.5"),
            b.register("500", "20"),
            a.open("W", "continuous", null),
            b.open("W", "call", null),
            a.place("S1", Commands.ISSUER, "W", "sell", "300", "10"),
            b.place("S1", Commands.ISSUER, "W", "sell", "100", "20"),
            a.place("B1", "alice", "W", "buy", "100", "10.5"),
            b.place("B1", "alice", "W", "buy", "40", "21"),
            b.indicate("W"),
            a.place("B2", "bob", "W", "buy", "250", "10"),
            a.place("X1", "alice", "W", "sell", "500", "10"),
            a.transfer("T1", "alice", "carol", "40"),
            a.close("W"),
            b.close("W"),
            a.place("X2", "bob", "W", "buy", "1", "10"));
    MatcherConfig config = fixture.config("m1");
    MatcherTopics.ensure(config);
    List<ProducerRecord<String, String>> records = new ArrayList<>();
    for (MatcherCommand c : commands) {
      ProducerRecord<String, String> r = CommandRecords.record(config.commandsTopic(), c);
      records.add(r);
      if (c instanceof MatcherCommand.PlaceOrder) {
        records.add(r); // the outbox relay retried: the same record twice
      }
    }
    // the same order again under a new command id, and a record that is no command
    records.add(
        CommandRecords.record(
            config.commandsTopic(), a.place("B2", "bob", "W", "buy", "250", "10")));
    records.add(new ProducerRecord<>(config.commandsTopic(), t1, "not a command"));
    CommandRecords.send(fixture.bootstrap, records);

    // when the matcher runs until it has caught up
    List<ConsumerRecord<String, String>> events;
    try (Matcher matcher = new Matcher(config).start()) {
      CommandRecords.awaitCaughtUp(config, Duration.ofSeconds(60));
      events = fixture.events(commands);

      // then exactly the offline translation was published, once, in order per token
      fixture.checkExactlyOnce(commands, events, matcher.stateHashes(Duration.ofSeconds(10)));
    }
    List<String> t1Types =
        events.stream()
            .filter(r -> r.key().equals(t1))
            .map(r -> KafkaRecords.header(r, "ce_type").replace("equitoken.trading.", ""))
            .toList();
    assertThat(t1Types)
        .containsExactly(
            "holding.changed.v1", // issuance
            "order.accepted.v1", // S1
            "holding.changed.v1", // reserved
            "order.accepted.v1", // B1
            "trade.executed.v1",
            "order.filled.v1",
            "order.filled.v1",
            "holding.changed.v1",
            "holding.changed.v1",
            "price.updated.v1",
            "order.accepted.v1", // B2: 200 against S1's rest, 50 rest
            "trade.executed.v1",
            "order.filled.v1",
            "order.filled.v1",
            "holding.changed.v1",
            "holding.changed.v1",
            "order.rejected.v1", // X1
            "transfer.executed.v1",
            "holding.changed.v1",
            "holding.changed.v1",
            "order.expired.v1", // B2's rest at the close
            "order.rejected.v1"); // X2 after the close
    List<String> t2Types =
        events.stream()
            .filter(r -> r.key().equals(t2))
            .map(r -> KafkaRecords.header(r, "ce_type").replace("equitoken.trading.", ""))
            .toList();
    assertThat(t2Types)
        .containsExactly(
            "holding.changed.v1",
            "order.accepted.v1",
            "holding.changed.v1",
            "order.accepted.v1",
            "auction.indicative.v1",
            "auction.result.v1",
            "price.updated.v1",
            "trade.executed.v1",
            "order.filled.v1",
            "order.filled.v1",
            "holding.changed.v1",
            "holding.changed.v1",
            "order.expired.v1",
            "holding.changed.v1");
    // the unreadable record went to the dead-letter topic
    assertThat(
            CommandRecords.readCommitted(
                fixture.bootstrap,
                config.commandsTopic() + ".dlt",
                Duration.ofSeconds(2),
                Duration.ofSeconds(20)))
        .extracting(ConsumerRecord::value)
        .containsExactly("not a command");
  }

  @Test
  void shouldCarryTheTraceparentOfEachCommandOnTheEventsItCaused() throws Exception {
    // given commands written by the outbox under four different traces (W3C traceparent headers),
    // and one written without a trace
    String token = "70c00000-0000-4000-8000-0000000000b1";
    Commands c = new Commands(token);
    List<MatcherCommand> commands =
        List.of(
            c.register("1000", "10"),
            c.open("W", "continuous", null),
            c.place("S1", Commands.ISSUER, "W", "sell", "100", "10"),
            c.place("B1", "alice", "W", "buy", "60", "10"),
            c.place("B2", "bob", "W", "buy", "10", "10"));
    MatcherConfig config = fixture.config("m-trace");
    MatcherTopics.ensure(config);
    Map<String, String> traceOfEvent = new HashMap<>();
    List<ProducerRecord<String, String>> records = new ArrayList<>();
    for (int i = 0; i < commands.size(); i++) {
      MatcherCommand command = commands.get(i);
      ProducerRecord<String, String> r = CommandRecords.record(config.commandsTopic(), command);
      String traceparent =
          i == commands.size() - 1
              ? null
              : "00-%032x-%016x-01".formatted(0x7ace00L + i, 0x5ba9L + i);
      if (traceparent != null) {
        r.headers().add("traceparent", traceparent.getBytes(StandardCharsets.US_ASCII));
      }
      for (int index = 0; index < 50; index++) {
        traceOfEvent.put(
            MatcherEvent.idOf(command.commandId(), command.at(), index),
            traceparent == null ? "none" : traceparent);
      }
      records.add(r);
    }
    CommandRecords.send(fixture.bootstrap, records);

    // when the matcher has handled them
    List<ConsumerRecord<String, String>> events;
    try (Matcher matcher = new Matcher(config).start()) {
      CommandRecords.awaitCaughtUp(config, Duration.ofSeconds(60));
      events = fixture.events(commands);
    }

    // then every event carries exactly the traceparent of the command that caused it (a trade
    // caused by B1 is in B1's trace), and events of an untraced command carry none
    assertThat(events).hasSizeGreaterThan(commands.size());
    assertThat(events)
        .allSatisfy(
            e -> {
              String id = KafkaRecords.header(e, "ce_id");
              assertThat(traceOfEvent).as("event %s of a known command", id).containsKey(id);
              List<String> traceparents = new ArrayList<>();
              e.headers()
                  .headers("traceparent")
                  .forEach(h -> traceparents.add(new String(h.value(), StandardCharsets.US_ASCII)));
              String expected = traceOfEvent.get(id);
              assertThat(traceparents)
                  .as("traceparent of %s", KafkaRecords.header(e, "ce_type"))
                  .isEqualTo(expected.equals("none") ? List.of() : List.of(expected));
            });
    assertThat(events)
        .filteredOn(e -> KafkaRecords.header(e, "ce_type").endsWith("trade.executed.v1"))
        .hasSize(2);
  }

  @Test
  void shouldLetTheCommandsOfAGatherShareATransaction() throws Exception {
    // given a running matcher that gathers 300 ms after a poll that brought commands
    String token = "70c00000-0000-4000-8000-0000000000c1";
    Commands c = new Commands(token);
    MatcherConfig config =
        fixture.config("m-gather").toBuilder().gather(Duration.ofMillis(300)).build();
    MatcherTopics.ensure(config);
    List<MatcherCommand> commands = new ArrayList<>();
    commands.add(c.register("100000", "10"));
    commands.add(c.open("W", "continuous", null));
    try (Matcher matcher = new Matcher(config).start();
        KafkaProducer<String, String> producer = CommandRecords.producer(fixture.bootstrap)) {
      commands.forEach(
          command -> producer.send(CommandRecords.record(config.commandsTopic(), command)));
      producer.flush();
      CommandRecords.awaitCaughtUp(config, Duration.ofSeconds(60));
      long before = matcher.committedTransactions();

      // when 20 orders arrive one by one, 20 ms apart, each buy filling the sell before it
      long start = System.nanoTime();
      for (int i = 0; i < 20; i++) {
        MatcherCommand order =
            i % 2 == 0
                ? c.place("S" + i, Commands.ISSUER, "W", "sell", "10", "10")
                : c.place("B" + i, "alice", "W", "buy", "10", "10");
        commands.add(order);
        producer.send(CommandRecords.record(config.commandsTopic(), order));
        producer.flush();
        long next = start + Duration.ofMillis(20L * (i + 1)).toNanos();
        Thread.sleep(Math.max(0, (next - System.nanoTime()) / 1_000_000));
      }
      CommandRecords.awaitCaughtUp(config, Duration.ofSeconds(60));

      // then they took a few transactions, not one each, and every event came exactly once
      assertThat(matcher.committedTransactions() - before).isBetween(1L, 10L);
      fixture.checkExactlyOnce(
          commands, fixture.events(commands), matcher.stateHashes(Duration.ofSeconds(10)));
    }
  }
}
