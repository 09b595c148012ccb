package io.equitoken.platform.web.revocation;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Reads {@code equitoken.identity.api-key.revoked.v1} from {@code identity.events.v1} into {@link
 * RevokedApiKeys}. Every instance reads every partition itself (no consumer group, nothing
 * committed), starting {@code retention} back in time, so a new instance knows every revocation
 * that can still matter before it serves. A poll returns as soon as a record arrives, so a
 * revocation is applied within a fetch round trip however long the poll may wait. A third of the
 * set's {@code maxStaleness} after the last confirmation (and until the first one, before every
 * poll) it compares its position with the end of every partition; when it has read all, the set is
 * confirmed up to date. An idle feed thus costs one fetch per poll and one end-offsets request per
 * ten seconds, not one of each every poll.
 */
public final class RevocationFeed implements SmartLifecycle {

  static final String REVOKED_TYPE = "equitoken.identity.api-key.revoked.v1";
  private static final Logger log = LoggerFactory.getLogger(RevocationFeed.class);

  private final Map<String, Object> consumerProperties;
  private final String topic;
  private final RevokedApiKeys revoked;
  private final Duration retention;
  private final Duration pollInterval;
  private final Duration startupWait;
  private final Clock clock;
  private volatile CountDownLatch firstUpToDate = new CountDownLatch(1);
  private volatile KafkaConsumer<String, byte[]> consumer;
  private volatile Thread thread;
  private volatile boolean running;

  public RevocationFeed(
      Map<String, Object> baseConsumerProperties,
      String topic,
      RevokedApiKeys revoked,
      Duration retention,
      Duration pollInterval,
      Duration startupWait,
      Clock clock) {
    Map<String, Object> props = new HashMap<>(baseConsumerProperties);
    props.remove(ConsumerConfig.GROUP_ID_CONFIG);
    props.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
    props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    props.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    props.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG, "api-key-revocations");
    // the broker holds an empty fetch up to this long and answers at once when a record arrives:
    // an idle feed sends one fetch per poll instead of two a second
    props.put(
        ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, (int) Math.min(pollInterval.toMillis(), 5_000));
    this.consumerProperties = props;
    this.topic = topic;
    this.revoked = revoked;
    this.retention = retention;
    this.pollInterval = pollInterval;
    this.startupWait = startupWait;
    this.clock = clock;
  }

  /**
   * Starts reading and waits (at most {@code startupWait}) until the set is up to date once; so
   * does a start after a {@link #stop} (a context resumed after a pause), which left the set
   * unconfirmed.
   */
  @Override
  public void start() {
    firstUpToDate = new CountDownLatch(1);
    running = true;
    consumer = new KafkaConsumer<>(consumerProperties);
    thread = new Thread(this::run, "api-key-revocations");
    thread.setDaemon(true);
    thread.start();
    try {
      if (!firstUpToDate.await(startupWait.toMillis(), TimeUnit.MILLISECONDS)) {
        log.warn(
            "API key revocations from {} not read within {}; bearer tokens are refused until"
                + " they are",
            topic,
            startupWait);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Stops reading. The set is no longer confirmed from then on: while nothing reads the revocations
   * its freshness must not outlast the feed (a confirmation from before a pause would otherwise
   * keep it "fresh" for up to {@code maxStaleness} after a restart, then lapse while the restarted
   * feed catches up).
   */
  @Override
  public void stop() {
    running = false;
    KafkaConsumer<String, byte[]> current = consumer;
    if (current != null) {
      current.wakeup();
    }
    Thread worker = thread;
    if (worker != null) {
      try {
        worker.join(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    revoked.forgetConfirmation();
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  /** Before the web server starts taking requests, after the infrastructure beans. */
  @Override
  public int getPhase() {
    return Integer.MIN_VALUE / 2;
  }

  private void run() {
    try (KafkaConsumer<String, byte[]> kafka = consumer) {
      Set<TopicPartition> assigned = new HashSet<>();
      long nextPartitionCheck = 0;
      long nextConfirmation = 0;
      long confirmEvery = revoked.maxStaleness().dividedBy(3).toNanos();
      while (running) {
        try {
          if (System.nanoTime() - nextPartitionCheck >= 0) {
            assignNewPartitions(kafka, assigned);
            nextPartitionCheck = System.nanoTime() + Duration.ofSeconds(30).toNanos();
          }
          if (assigned.isEmpty()) {
            // no topic yet: nothing was ever revoked
            confirmed();
            sleep(pollInterval);
            nextPartitionCheck = System.nanoTime();
            continue;
          }
          // checked before the poll, so that a feed with nothing to read is confirmed at once;
          // the poll returns as soon as a record arrives, so a revocation is applied within one
          // fetch round trip however long the poll may wait
          if ((!revoked.isConfirmed() || System.nanoTime() - nextConfirmation >= 0)
              && readAll(kafka, assigned)) {
            confirmed();
            nextConfirmation = System.nanoTime() + confirmEvery;
          }
          for (ConsumerRecord<String, byte[]> record : kafka.poll(pollInterval)) {
            apply(record);
          }
        } catch (WakeupException e) {
          return;
        } catch (RuntimeException e) {
          log.warn("Reading API key revocations failed ({}); retrying", e.toString());
          sleep(pollInterval);
        }
      }
    }
  }

  private void assignNewPartitions(
      KafkaConsumer<String, byte[]> kafka, Set<TopicPartition> assigned) {
    List<org.apache.kafka.common.PartitionInfo> infos = kafka.partitionsFor(topic, timeout());
    Set<TopicPartition> added = new HashSet<>();
    for (var info : infos) {
      TopicPartition partition = new TopicPartition(info.topic(), info.partition());
      if (!assigned.contains(partition)) {
        added.add(partition);
      }
    }
    if (added.isEmpty()) {
      return;
    }
    // The end offsets are read before the time lookup: a record appended after this point has an
    // offset at or beyond them, so "nothing recent enough" can safely start there (a lazy
    // seekToEnd would be evaluated later and could skip a revocation that arrived meanwhile).
    Map<TopicPartition, Long> ends = kafka.endOffsets(added, timeout());
    long from = clock.instant().minus(retention).toEpochMilli();
    Map<TopicPartition, Long> query = new HashMap<>();
    added.forEach(p -> query.put(p, from));
    Map<TopicPartition, OffsetAndTimestamp> offsets = kafka.offsetsForTimes(query, timeout());
    assigned.addAll(added);
    kafka.assign(assigned);
    for (TopicPartition partition : added) {
      OffsetAndTimestamp at = offsets.get(partition);
      kafka.seek(partition, at == null ? ends.getOrDefault(partition, 0L) : at.offset());
    }
  }

  private boolean readAll(KafkaConsumer<String, byte[]> kafka, Set<TopicPartition> assigned) {
    Map<TopicPartition, Long> ends = kafka.endOffsets(assigned, timeout());
    for (TopicPartition partition : assigned) {
      if (kafka.position(partition, timeout()) < ends.getOrDefault(partition, 0L)) {
        return false;
      }
    }
    return true;
  }

  private void apply(ConsumerRecord<String, byte[]> record) {
    Header type = record.headers().lastHeader("ce_type");
    if (type == null
        || record.key() == null
        || !REVOKED_TYPE.equals(new String(type.value(), StandardCharsets.UTF_8))) {
      return;
    }
    revoked.revoke(record.key(), Instant.ofEpochMilli(record.timestamp()));
    log.info("API key {} revoked: its tokens are refused from now on", record.key());
  }

  private void confirmed() {
    revoked.confirmUpToDate();
    firstUpToDate.countDown();
  }

  private Duration timeout() {
    return pollInterval.multipliedBy(8).plusSeconds(2);
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
