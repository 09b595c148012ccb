package io.equitoken.portfolio.it;

import io.equitoken.platform.test.TestInfrastructure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reads a dead-letter topic from the beginning (no consumer group) until enough records match. */
final class DeadLetters {

  private DeadLetters() {}

  static List<ConsumerRecord<String, String>> read(
      String topic, Predicate<ConsumerRecord<String, String>> matching, int expected) {
    Properties props = new Properties();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.kafkaBootstrapServers());
    props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    List<ConsumerRecord<String, String>> out = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
      long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
      List<TopicPartition> partitions = List.of();
      while (partitions.isEmpty() && System.nanoTime() < deadline) {
        partitions =
            consumer.partitionsFor(topic, Duration.ofSeconds(5)).stream()
                .map(p -> new TopicPartition(topic, p.partition()))
                .toList();
        if (partitions.isEmpty()) {
          sleep();
        }
      }
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      while (out.size() < expected && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(250)).forEach(r -> add(out, r, matching));
      }
      // a little longer, to catch duplicates that should not be there
      long settle = System.nanoTime() + Duration.ofSeconds(1).toNanos();
      while (System.nanoTime() < settle) {
        consumer.poll(Duration.ofMillis(250)).forEach(r -> add(out, r, matching));
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

  private static void sleep() {
    try {
      Thread.sleep(500);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
