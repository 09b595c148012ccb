package io.equitoken.listings.it;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Reads and writes real Kafka topics from tests, as another service would. */
public final class KafkaProbe {

  private KafkaProbe() {}

  /**
   * Reads {@code topic} from the beginning until {@code expected} matching records arrived (or
   * {@code timeout} passed), then keeps reading briefly to catch any that should not be there.
   */
  public static List<ConsumerRecord<String, String>> consume(
      String bootstrap,
      String topic,
      Predicate<ConsumerRecord<String, String>> matching,
      int expected,
      Duration timeout) {
    Properties props = new Properties();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    props.put(ConsumerConfig.GROUP_ID_CONFIG, "probe-" + UUID.randomUUID());
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    List<ConsumerRecord<String, String>> out = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
      consumer.subscribe(List.of(topic));
      long deadline = System.nanoTime() + timeout.toNanos();
      while (out.size() < expected && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(r -> add(out, r, matching));
      }
      long settle = System.nanoTime() + Duration.ofMillis(1500).toNanos();
      while (System.nanoTime() < settle) {
        consumer.poll(Duration.ofMillis(200)).forEach(r -> add(out, r, matching));
      }
    }
    return out;
  }

  private static void add(
      List<ConsumerRecord<String, String>> out,
      ConsumerRecord<String, String> record,
      Predicate<ConsumerRecord<String, String>> matching) {
    if (matching.test(record)) {
      out.add(record);
    }
  }

  /** Sends a CloudEvent in Kafka binary mode, as trading-service would. */
  public static void sendCloudEvent(
      String bootstrap, String topic, String key, String id, String type, String data) {
    Properties props = new Properties();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
      ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, data);
      header(record, "ce_specversion", "1.0");
      header(record, "ce_id", id);
      header(record, "ce_source", "/trading-service");
      header(record, "ce_type", type);
      header(record, "ce_time", java.time.Instant.now().toString());
      header(record, "ce_subject", key);
      header(record, "content-type", "application/json");
      producer.send(record).get();
    } catch (Exception e) {
      throw new IllegalStateException("Could not send test event", e);
    }
  }

  public static String header(ConsumerRecord<String, String> record, String name) {
    var header = record.headers().lastHeader(name);
    return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
  }

  private static void header(ProducerRecord<String, String> record, String name, String value) {
    record.headers().add(name, value.getBytes(StandardCharsets.UTF_8));
  }
}
