package io.equitoken.webhooks.it;

import io.equitoken.platform.test.TestInfrastructure;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Publishes the contracts' example events to the real broker, as their producers would. */
public final class Events {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static KafkaProducer<String, String> producer;
  private static KafkaProducer<String, String> transactional;

  private Events() {}

  /** The example of {@code type} (e.g. equitoken.trading.trade.executed.v1), edited. */
  public static String example(String type, Consumer<ObjectNode> edit) {
    String domain = type.split("\\.")[1];
    Path file = Path.of("..", "contracts", "events", domain, "examples", type + ".json");
    try {
      ObjectNode node = (ObjectNode) JSON.readTree(Files.readString(file));
      edit.accept(node);
      return JSON.writeValueAsString(node);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  public static String topic(String type) {
    return type.split("\\.")[1] + ".events.v1";
  }

  /** Sends a CloudEvent in Kafka binary mode; answers its id. */
  public static String send(String type, String key, String data) {
    String id = UUID.randomUUID().toString();
    send(id, type, key, data);
    return id;
  }

  public static synchronized void send(String id, String type, String key, String data) {
    if (producer == null) {
      producer = new KafkaProducer<>(properties());
    }
    try {
      producer.send(record(id, type, key, data)).get();
    } catch (Exception e) {
      throw new IllegalStateException("Could not send test event", e);
    }
  }

  /** One event to publish: its id, CloudEvents type, key and data. */
  public record Event(String id, String type, String key, String data) {}

  /**
   * Publishes the events in one Kafka transaction, so that a {@code read_committed} consumer sees
   * them all at once.
   */
  public static synchronized void sendTogether(List<Event> events) {
    if (transactional == null) {
      Properties props = properties();
      props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "webhooks-it-" + UUID.randomUUID());
      transactional = new KafkaProducer<>(props);
      transactional.initTransactions();
    }
    transactional.beginTransaction();
    try {
      for (Event e : events) {
        transactional.send(record(e.id(), e.type(), e.key(), e.data()));
      }
      transactional.commitTransaction();
    } catch (RuntimeException e) {
      transactional.abortTransaction();
      throw e;
    }
  }

  private static Properties properties() {
    Properties props = new Properties();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.kafkaBootstrapServers());
    props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    return props;
  }

  private static ProducerRecord<String, String> record(
      String id, String type, String key, String data) {
    ProducerRecord<String, String> record = new ProducerRecord<>(topic(type), key, data);
    header(record, "ce_specversion", "1.0");
    header(record, "ce_id", id);
    header(record, "ce_source", "/" + type.split("\\.")[1] + "-service");
    header(record, "ce_type", type);
    header(record, "ce_time", Instant.now().toString());
    header(record, "ce_subject", key);
    header(record, "content-type", "application/json");
    return record;
  }

  private static void header(ProducerRecord<String, String> record, String name, String value) {
    record.headers().add(name, value.getBytes(StandardCharsets.UTF_8));
  }
}
