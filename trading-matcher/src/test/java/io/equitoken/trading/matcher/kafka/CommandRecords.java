package io.equitoken.trading.matcher.kafka;

import io.equitoken.platform.events.CloudEvents;
import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.test.EventContracts;
import io.equitoken.trading.matcher.core.MatcherCommand;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Kafka side of the tests: commands written as the platform outbox relay writes them (CloudEvents
 * binary mode, a random {@code ce_id}, the command id in the data), committed events read back.
 */
final class CommandRecords {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private CommandRecords() {}

  static ProducerRecord<String, String> record(String topic, MatcherCommand command) {
    ObjectNode d = JsonNodeFactory.instance.objectNode();
    String name;
    if (command instanceof MatcherCommand.RegisterToken c) {
      name = "token.register";
      d.put("tokenId", c.tokenId());
      d.put("issuerId", c.issuerId());
      d.put("supply", c.supply());
      d.put("issuePrice", c.issuePrice());
      d.put("tickSize", c.tickSize());
      d.put("lotSize", c.lotSize());
    } else if (command instanceof MatcherCommand.PlaceOrder c) {
      name = "order.place";
      d.put("orderId", c.orderId());
      d.put("ownerId", c.ownerId());
      d.put("tokenId", c.tokenId());
      d.put("windowId", c.windowId());
      d.put("side", c.side());
      d.put("quantity", c.quantity());
      d.put("limitPrice", c.limitPrice());
    } else if (command instanceof MatcherCommand.CancelOrder c) {
      name = "order.cancel";
      d.put("orderId", c.orderId());
      d.put("ownerId", c.ownerId());
      d.put("tokenId", c.tokenId());
    } else if (command instanceof MatcherCommand.Transfer c) {
      name = "transfer";
      d.put("transferId", c.transferId());
      d.put("tokenId", c.tokenId());
      d.put("fromId", c.fromId());
      d.put("toId", c.toId());
      d.put("quantity", c.quantity());
      d.put("reason", c.reason());
      d.put("requestedBy", c.requestedBy());
    } else if (command instanceof MatcherCommand.OpenWindow c) {
      name = "window.open";
      d.put("windowId", c.windowId());
      d.put("tokenId", c.tokenId());
      d.put("phase", c.phase());
      if (c.priceBand() == null) {
        d.putNull("priceBand");
      } else {
        d.put("priceBand", c.priceBand());
      }
    } else if (command instanceof MatcherCommand.StartCallPhase c) {
      name = "window.call-phase";
      d.put("windowId", c.windowId());
      d.put("tokenId", c.tokenId());
    } else if (command instanceof MatcherCommand.Indicate c) {
      name = "window.indicate";
      d.put("windowId", c.windowId());
      d.put("tokenId", c.tokenId());
    } else if (command instanceof MatcherCommand.CloseWindow c) {
      name = "window.close";
      d.put("windowId", c.windowId());
      d.put("tokenId", c.tokenId());
    } else {
      throw new IllegalArgumentException(String.valueOf(command));
    }
    d.put("at", command.at().toString());
    d.put("commandId", command.commandId());
    String type = MatcherCommand.TYPE_PREFIX + name + ".v1";
    if (!EventContracts.violations(type, d.toString()).isEmpty()) {
      throw new IllegalStateException(type + " " + EventContracts.violations(type, d.toString()));
    }
    return CloudEvents.toRecord(
        topic,
        new EventEnvelope(
            UUID.randomUUID().toString(),
            type,
            "/trading-service",
            command.tokenId(),
            command.at(),
            command.tokenId(),
            JSON.writeValueAsString(d)));
  }

  static KafkaProducer<String, String> producer(String bootstrap) {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    return new KafkaProducer<>(p);
  }

  /** Sends in order; a record sent twice is sent twice verbatim (same ce_id), as a relay retry. */
  static void send(String bootstrap, List<ProducerRecord<String, String>> records) {
    try (KafkaProducer<String, String> producer = producer(bootstrap)) {
      records.forEach(producer::send);
      producer.flush();
    }
  }

  /** Every committed record of the topic, read until {@code quiet} passes without a new one. */
  static List<ConsumerRecord<String, String>> readCommitted(
      String bootstrap, String topic, Duration quiet, Duration limit) {
    return readCommitted(bootstrap, topic, 0, quiet, limit);
  }

  /**
   * Every committed record of the topic: read until at least {@code expected} arrived and then
   * {@code quiet} passes without a new one (so duplicates would be caught too), or {@code limit}.
   */
  static List<ConsumerRecord<String, String>> readCommitted(
      String bootstrap, String topic, int expected, Duration quiet, Duration limit) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID());
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    List<ConsumerRecord<String, String>> out = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p)) {
      consumer.subscribe(List.of(topic));
      long deadline = System.nanoTime() + limit.toNanos();
      long lastNew = System.nanoTime();
      while (System.nanoTime() < deadline
          && (out.size() < expected || System.nanoTime() - lastNew < quiet.toNanos())) {
        int before = out.size();
        consumer.poll(Duration.ofMillis(200)).forEach(out::add);
        if (out.size() > before) {
          lastNew = System.nanoTime();
        }
      }
    }
    return out;
  }

  /** Waits (bounded) until the group has committed the end of every command partition. */
  static void awaitCaughtUp(MatcherConfig config, Duration limit) throws Exception {
    try (Admin admin =
        Admin.create(
            Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers()))) {
      long deadline = System.nanoTime() + limit.toNanos();
      while (true) {
        Map<TopicPartition, OffsetAndMetadata> committed =
            admin.listConsumerGroupOffsets(config.groupId()).partitionsToOffsetAndMetadata().get();
        int partitions = MatcherTopics.partitions(admin, config.commandsTopic());
        Map<TopicPartition, org.apache.kafka.clients.admin.OffsetSpec> specs =
            new java.util.HashMap<>();
        for (int i = 0; i < partitions; i++) {
          specs.put(
              new TopicPartition(config.commandsTopic(), i),
              org.apache.kafka.clients.admin.OffsetSpec.latest());
        }
        var ends = admin.listOffsets(specs).all().get();
        boolean done = true;
        for (var e : ends.entrySet()) {
          long end = e.getValue().offset();
          OffsetAndMetadata c = committed.get(e.getKey());
          if (end > 0 && (c == null || c.offset() < end)) {
            done = false;
          }
        }
        if (done) {
          return;
        }
        if (System.nanoTime() > deadline) {
          throw new AssertionError(
              "Matcher did not catch up: committed " + committed + " ends " + ends);
        }
        Thread.sleep(200);
      }
    }
  }

  static BigDecimal dec(String s) {
    return new BigDecimal(s);
  }
}
