package io.equitoken.platform.test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reads what really arrived on a topic, from the beginning, with a fresh consumer group. */
public final class KafkaRecords {

  private KafkaRecords() {}

  /**
   * Polls until at least {@code expected} records arrived or {@code timeout} passed, then once more
   * briefly, so that records which should not be there (duplicates) are caught too.
   */
  public static List<ConsumerRecord<String, String>> consume(
      String bootstrapServers, String topic, int expected, Duration timeout) {
    List<ConsumerRecord<String, String>> out = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer = consumer(bootstrapServers)) {
      consumer.subscribe(List.of(topic));
      long deadline = System.nanoTime() + timeout.toNanos();
      while (out.size() < expected && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(out::add);
      }
      consumer.poll(Duration.ofMillis(1000)).forEach(out::add);
    }
    return out;
  }

  /**
   * As {@link #consume(String, String, int, Duration)}, keeping only the records that match (e.g.
   * one aggregate's): waits for {@code expected} matching records, then reads on briefly so that
   * duplicates are caught too.
   */
  public static List<ConsumerRecord<String, String>> consume(
      String bootstrapServers,
      String topic,
      java.util.function.Predicate<ConsumerRecord<String, String>> matching,
      int expected,
      Duration timeout) {
    List<ConsumerRecord<String, String>> out = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer = consumer(bootstrapServers)) {
      consumer.subscribe(List.of(topic));
      long deadline = System.nanoTime() + timeout.toNanos();
      while (out.size() < expected && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(r -> addIf(out, r, matching));
      }
      long settle = System.nanoTime() + Duration.ofMillis(1500).toNanos();
      while (System.nanoTime() < settle) {
        consumer.poll(Duration.ofMillis(200)).forEach(r -> addIf(out, r, matching));
      }
    }
    return out;
  }

  /** A consumer of a fresh group, from the beginning, reading what every real consumer reads. */
  private static KafkaConsumer<String, String> consumer(String bootstrapServers) {
    Properties props = new Properties();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    props.put(ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID());
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    // what every real consumer sees: transactional output only once committed, aborted never
    props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    return new KafkaConsumer<>(props);
  }

  private static void addIf(
      List<ConsumerRecord<String, String>> out,
      ConsumerRecord<String, String> record,
      java.util.function.Predicate<ConsumerRecord<String, String>> matching) {
    if (matching.test(record)) {
      out.add(record);
    }
  }

  /**
   * Sends a CloudEvent in Kafka binary mode (ce_* headers, JSON data), as another service's outbox
   * would: {@code source} e.g. {@code /trading-service}; the subject is the key.
   */
  public static void sendCloudEvent(
      String bootstrapServers,
      String topic,
      String key,
      String id,
      String source,
      String type,
      String data) {
    Properties props = new Properties();
    props.put(
        org.apache.kafka.clients.producer.ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
        bootstrapServers);
    props.put(
        org.apache.kafka.clients.producer.ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
        org.apache.kafka.common.serialization.StringSerializer.class);
    props.put(
        org.apache.kafka.clients.producer.ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
        org.apache.kafka.common.serialization.StringSerializer.class);
    try (var producer =
        new org.apache.kafka.clients.producer.KafkaProducer<String, String>(props)) {
      var record = cloudEventRecord(topic, key, id, source, type, data);
      producer.send(record).get(30, java.util.concurrent.TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("Could not send test event", e);
    }
  }

  /**
   * The record {@link #sendCloudEvent} sends, for callers that keep a producer of their own (e.g.
   * to publish many events at a steady rate).
   */
  public static org.apache.kafka.clients.producer.ProducerRecord<String, String> cloudEventRecord(
      String topic, String key, String id, String source, String type, String data) {
    var record =
        new org.apache.kafka.clients.producer.ProducerRecord<String, String>(topic, key, data);
    String[][] headers = {
      {"ce_specversion", "1.0"},
      {"ce_id", id},
      {"ce_source", source},
      {"ce_type", type},
      {"ce_time", java.time.Instant.now().toString()},
      {"ce_subject", key},
      {"content-type", "application/json"}
    };
    for (String[] h : headers) {
      record.headers().add(h[0], h[1].getBytes(StandardCharsets.UTF_8));
    }
    return record;
  }

  public static String header(ConsumerRecord<String, String> record, String name) {
    Header header = record.headers().lastHeader(name);
    return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
  }
}
