package io.equitoken.benchmarks.orders;

import io.equitoken.platform.events.CloudEvents;
import io.equitoken.platform.events.EventEnvelope;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads {@code trading.events.v1} from its end (as of {@link #start}) with {@code read_committed},
 * without a consumer group (nothing is committed, no other consumer is disturbed), and hands every
 * event to {@link OrderOutcomes} with the time it arrived here. One thread; stopped by {@link
 * #close}.
 */
final class EventListener implements AutoCloseable {

  static final String TOPIC = "trading.events.v1";

  private final KafkaConsumer<String, String> consumer;
  private final OrderOutcomes outcomes;
  private final AtomicLong events = new AtomicLong();
  private final AtomicLong unreadable = new AtomicLong();
  private volatile boolean running = true;
  private Thread thread;

  EventListener(String bootstrapServers, OrderOutcomes outcomes) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.put(ConsumerConfig.CLIENT_ID_CONFIG, "order-load");
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "20");
    this.consumer = new KafkaConsumer<>(p);
    this.outcomes = outcomes;
  }

  /** Assigns every partition at its current end, then polls on a thread of its own. */
  EventListener start() {
    List<TopicPartition> partitions =
        consumer.partitionsFor(TOPIC, Duration.ofSeconds(30)).stream()
            .map(i -> new TopicPartition(i.topic(), i.partition()))
            .toList();
    if (partitions.isEmpty()) {
      throw new IllegalStateException(TOPIC + " has no partitions: is trading-service running?");
    }
    consumer.assign(partitions);
    consumer.seekToEnd(partitions);
    // resolve the end offsets now, before any order is placed, so that no event is skipped
    partitions.forEach(tp -> consumer.position(tp, Duration.ofSeconds(30)));
    thread = new Thread(this::run, "order-load-events");
    thread.setDaemon(true);
    thread.start();
    return this;
  }

  private void run() {
    try {
      while (running) {
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
          long now = System.nanoTime();
          events.incrementAndGet();
          try {
            EventEnvelope e = CloudEvents.fromRecord(r);
            outcomes.apply(e.type(), e.dataJson(), now);
          } catch (RuntimeException notAnEvent) {
            unreadable.incrementAndGet();
          }
        }
      }
    } finally {
      consumer.close(Duration.ofSeconds(5));
    }
  }

  long events() {
    return events.get();
  }

  long unreadable() {
    return unreadable.get();
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    if (thread != null) {
      thread.join(10_000);
    }
  }
}
