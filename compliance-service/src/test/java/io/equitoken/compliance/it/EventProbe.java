package io.equitoken.compliance.it;

import io.equitoken.platform.test.TestInfrastructure;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.awaitility.Awaitility;

/** Reads everything published on compliance.events.v1 in the background, for assertions. */
public final class EventProbe {

  private static final List<ConsumerRecord<String, String>> RECORDS = new CopyOnWriteArrayList<>();
  private static volatile boolean started;

  private EventProbe() {}

  static synchronized void start() {
    if (started) {
      return;
    }
    started = true;
    Properties props = new Properties();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.kafkaBootstrapServers());
    props.put(ConsumerConfig.GROUP_ID_CONFIG, "compliance-it-" + UUID.randomUUID());
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    props.put(ConsumerConfig.METADATA_MAX_AGE_CONFIG, "500");
    Thread thread =
        new Thread(
            () -> {
              try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
                consumer.subscribe(List.of("compliance.events.v1"));
                while (true) {
                  consumer.poll(Duration.ofMillis(200)).forEach(RECORDS::add);
                }
              }
            },
            "compliance-event-probe");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Waits until {@code count} records keyed by {@code investorId} match, and answers them in order.
   */
  public static List<ConsumerRecord<String, String>> await(
      String investorId, Predicate<ConsumerRecord<String, String>> match, int count) {
    start();
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> of(investorId, match).size() >= count);
    return of(investorId, match);
  }

  public static List<ConsumerRecord<String, String>> of(
      String investorId, Predicate<ConsumerRecord<String, String>> match) {
    return RECORDS.stream().filter(r -> investorId.equals(r.key())).filter(match).toList();
  }

  public static String header(ConsumerRecord<String, String> record, String name) {
    var header = record.headers().lastHeader(name);
    return header == null
        ? null
        : new String(header.value(), java.nio.charset.StandardCharsets.UTF_8);
  }

  public static Predicate<ConsumerRecord<String, String>> ofType(String type) {
    return r -> type.equals(header(r, "ce_type"));
  }
}
