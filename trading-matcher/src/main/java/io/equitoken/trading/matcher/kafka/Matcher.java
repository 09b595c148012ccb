package io.equitoken.trading.matcher.kafka;

import io.equitoken.platform.events.CloudEvents;
import io.equitoken.trading.matcher.core.EngineFactory;
import io.equitoken.trading.matcher.core.MatcherEvent;
import io.equitoken.trading.matcher.core.WireJson;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * The matcher: consumes {@code trading.orders.v1} (read_committed) on one thread, one {@link
 * PartitionState} per assigned partition with one engine per token, and writes the resulting events
 * to {@code trading.events.v1} in Kafka transactions together with the consumed offsets
 * (read-process-write, exactly-once v2: {@code sendOffsetsToTransaction} with the consumer's group
 * metadata, so a fenced zombie can never commit). Every {@link
 * MatcherConfig#snapshotEveryCommands()} commands or {@link MatcherConfig#snapshotEvery()}, once
 * the commands since weigh enough ({@link MatcherConfig#snapshotSizeRatio()}), a partition's
 * changed tokens are snapshotted to the compacted snapshot topic inside the same transaction; on
 * assignment a partition is restored from its latest snapshot plus a silent replay up to the
 * committed offset.
 *
 * <p>Lifecycle: {@link #start()} once, {@link #close()} once. Spring-free; trading-service wraps it
 * in a lifecycle bean.
 */
public final class Matcher implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(Matcher.class);

  /**
   * How long a fetch waits at the broker ({@code fetch.max.wait.ms}, Kafka's 500 ms rather than the
   * platform listeners' 5 s): the consumer sends the next fetch to a broker only when the waiting
   * one returns, so this bounds how long partitions taken over from a dead instance wait for their
   * first fetch. The broker answers at once when a command is committed either way.
   */
  static final int FETCH_WAIT_MS = 500;

  /**
   * The producer's {@code batch.size}: a poll's events for one partition fit a few batches rather
   * than dozens of 16 KiB ones, each of which opens an lz4 stream with buffers of its own.
   */
  static final int BATCH_BYTES = 256 * 1024;

  private final MatcherConfig config;
  private final EngineFactory engines;
  private final Faults faults;
  private final JsonMapper json = WireJson.MAPPER;
  private final Map<Integer, PartitionState> partitions = new HashMap<>();
  private final ConcurrentLinkedQueue<CompletableFuture<Map<String, Long>>> hashRequests =
      new ConcurrentLinkedQueue<>();
  private final AtomicLong processed = new AtomicLong();
  private final AtomicLong transactions = new AtomicLong();
  private volatile Set<Integer> assigned = Set.of();
  private volatile boolean stopping;
  private volatile Throwable failure;
  private long handled;
  private Thread thread;
  private KafkaConsumer<String, String> consumer;
  private KafkaProducer<String, byte[]> producer;
  private Recovery recovery;
  private Takeover takeover;

  public Matcher(MatcherConfig config) {
    this(config, EngineFactory.FAST);
  }

  public Matcher(MatcherConfig config, EngineFactory engines) {
    this(config, engines, Faults.NONE);
  }

  /** With {@code faults} called at its points of the loop (recovery tests inject crashes). */
  public Matcher(MatcherConfig config, EngineFactory engines, Faults faults) {
    this.config = config;
    this.engines = engines;
    this.faults = faults;
  }

  /** Creates missing topics and starts the consumer thread. */
  public synchronized Matcher start() {
    if (thread != null) {
      throw new IllegalStateException("Matcher already started");
    }
    MatcherTopics.ensure(config);
    thread = new Thread(this::run, "matcher-" + config.instanceId());
    thread.start();
    return this;
  }

  /** Stops after the current transaction; uncommitted work is aborted (and redone elsewhere). */
  @Override
  public synchronized void close() {
    stopping = true;
    if (thread != null) {
      KafkaConsumer<String, String> c = consumer;
      if (c != null) {
        c.wakeup();
      }
      try {
        thread.join(Duration.ofSeconds(30).toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  public boolean isRunning() {
    return thread != null && thread.isAlive() && failure == null;
  }

  /** Why the matcher stopped by itself, or null. */
  public Throwable failure() {
    return failure;
  }

  /** Commands processed and committed by this instance so far. */
  public long processedCommands() {
    return processed.get();
  }

  public long committedTransactions() {
    return transactions.get();
  }

  /** The command partitions this instance serves now. */
  public Set<Integer> assignedPartitions() {
    return assigned;
  }

  /**
   * Per token of the assigned partitions, the engine state hash as committed (answered by the
   * matcher's thread between two transactions).
   */
  public Map<String, Long> stateHashes(Duration timeout) {
    CompletableFuture<Map<String, Long>> answer = new CompletableFuture<>();
    hashRequests.add(answer);
    try {
      return answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("The matcher did not answer", e);
    }
  }

  // ---- the loop ------------------------------------------------------------------------------

  private void run() {
    try {
      recovery = new Recovery(config.bootstrapServers(), config.extraConsumer(), json);
      takeover = new Takeover(config);
      producer = newProducer();
      producer.initTransactions();
      consumer = newConsumer();
      consumer.subscribe(List.of(config.commandsTopic()), new Rebalance());
      while (!stopping) {
        Map<TopicPartition, List<ConsumerRecord<String, String>>> records;
        try {
          records = gather(consumer.poll(config.pollTimeout()));
        } catch (WakeupException e) {
          break;
        }
        if (stopping) {
          break;
        }
        if (!records.isEmpty() || snapshotDue()) {
          transact(records);
        }
        answerHashRequests();
      }
    } catch (WakeupException | InterruptException e) {
      log.info("Matcher {} interrupted", config.instanceId());
    } catch (Halt e) {
      failure = e.getCause();
      log.warn(
          "Matcher {} halted mid-transaction: {}", config.instanceId(), e.getCause().toString());
      halt();
      return;
    } catch (RuntimeException | Error e) {
      failure = e;
      log.error("Matcher {} stopped", config.instanceId(), e);
    } finally {
      closeQuietly(consumer);
      closeQuietly(producer);
      closeQuietly(recovery);
      closeQuietly(takeover);
      hashRequests.forEach(f -> f.completeExceptionally(new IllegalStateException("closed")));
    }
  }

  /**
   * The commands of {@code first} and of the polls that follow it within {@link
   * MatcherConfig#gather()} (up to about {@link MatcherConfig#maxPollRecords()}), per partition in
   * order: they share one transaction. The consumer keeps polling meanwhile rather than sleeping,
   * since it fetches only inside a poll: a pause would leave the commands that arrive during it to
   * the poll after next. A poll that moves partitions (a rebalance) may add records of a partition
   * taken back or given up meanwhile: {@link #transact} skips what its partition's state has
   * already seen and what belongs to no partition of this instance any more.
   */
  private Map<TopicPartition, List<ConsumerRecord<String, String>>> gather(
      ConsumerRecords<String, String> first) {
    Map<TopicPartition, List<ConsumerRecord<String, String>>> gathered = new LinkedHashMap<>();
    int count = add(gathered, first);
    if (count == 0 || config.gather().isZero()) {
      return gathered;
    }
    long until = System.nanoTime() + config.gather().toNanos();
    long left;
    while (!stopping && count < config.maxPollRecords() && (left = until - System.nanoTime()) > 0) {
      count += add(gathered, consumer.poll(Duration.ofNanos(left)));
    }
    return gathered;
  }

  private static int add(
      Map<TopicPartition, List<ConsumerRecord<String, String>>> gathered,
      ConsumerRecords<String, String> records) {
    for (TopicPartition tp : records.partitions()) {
      gathered.computeIfAbsent(tp, k -> new ArrayList<>()).addAll(records.records(tp));
    }
    return records.count();
  }

  private void transact(Map<TopicPartition, List<ConsumerRecord<String, String>>> records) {
    Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
    Set<PartitionState> snapshotted =
        new TreeSet<>((a, b) -> Integer.compare(a.partition, b.partition));
    long count = 0;
    try {
      producer.beginTransaction();
      for (Map.Entry<TopicPartition, List<ConsumerRecord<String, String>>> polled :
          records.entrySet()) {
        TopicPartition tp = polled.getKey();
        PartitionState state = partitions.get(tp.partition());
        if (state == null) {
          continue; // given up during the gather: its new owner reads it from the committed offset
        }
        for (ConsumerRecord<String, String> record : polled.getValue()) {
          if (record.offset() < state.nextOffset) {
            continue;
          }
          handle(state, record);
          count++;
          afterCommand(++handled);
        }
        offsets.put(tp, new OffsetAndMetadata(state.nextOffset));
      }
      for (PartitionState state : partitions.values()) {
        if (due(state)) {
          for (ProducerRecord<String, byte[]> r :
              state.snapshotRecords(config.snapshotsTopic(), json, config.snapshotChunkBytes())) {
            producer.send(r);
          }
          snapshotted.add(state);
          offsets.put(
              new TopicPartition(config.commandsTopic(), state.partition),
              new OffsetAndMetadata(state.nextOffset));
        }
      }
      producer.sendOffsetsToTransaction(offsets, consumer.groupMetadata());
      producer.commitTransaction();
      snapshotted.forEach(PartitionState::snapshotCommitted);
      processed.addAndGet(count);
      transactions.incrementAndGet();
      if (log.isDebugEnabled()) {
        log.debug(
            "Matcher {} committed {} commands of {}, snapshots of {}",
            config.instanceId(),
            count,
            records.keySet(),
            snapshotted.stream().map(p -> p.partition).toList());
      }
    } catch (WakeupException | InterruptException e) {
      abortAndRestore(e);
      throw e;
    } catch (KafkaException e) {
      abortAndRestore(e);
    }
  }

  private void handle(PartitionState state, ConsumerRecord<String, String> record) {
    List<MatcherEvent> events;
    try {
      events = state.process(record);
    } catch (CommandReader.UnreadableCommandException e) {
      log.warn("Dead-lettering {}: {}", record.offset(), e.getMessage());
      ProducerRecord<String, byte[]> dead =
          new ProducerRecord<>(
              config.commandsTopic() + ".dlt",
              null,
              record.key(),
              record.value() == null ? null : record.value().getBytes(StandardCharsets.UTF_8));
      record.headers().forEach(h -> dead.headers().add(h));
      dead.headers().add("matcher-error", e.getMessage().getBytes(StandardCharsets.UTF_8));
      producer.send(dead);
      state.nextOffset = record.offset() + 1;
      return;
    }
    // the trace of the command (its W3C traceparent, from the outbox row that sent it) goes on in
    // every event it caused, so one trace runs from the HTTP request to the events' consumers
    Header trace = record.headers().lastHeader(CloudEvents.TRACEPARENT);
    for (MatcherEvent event : events) {
      ProducerRecord<String, byte[]> out =
          CloudEvents.toRecord(
              config.eventsTopic(),
              event.id(),
              event.type(),
              config.source(),
              event.key(),
              event.time(),
              event.key(),
              event.dataBytes());
      if (trace != null) {
        out.headers().add(CloudEvents.TRACEPARENT, trace.value());
      }
      producer.send(out);
    }
  }

  /**
   * The transaction failed (a rebalance fenced this generation, the broker went away, …): abort it,
   * and rebuild every assigned partition from its snapshot and committed offset, since the state in
   * memory ran ahead of what was committed.
   */
  private void abortAndRestore(RuntimeException cause) {
    log.warn("Matcher {}: transaction failed, aborting: {}", config.instanceId(), cause.toString());
    try {
      producer.abortTransaction();
    } catch (RuntimeException e) {
      log.warn("Abort failed ({}); starting a new producer", e.toString());
      closeQuietly(producer);
      producer = newProducer();
      producer.initTransactions();
    }
    if (stopping) {
      return;
    }
    Set<TopicPartition> owned = consumer.assignment();
    partitions.clear();
    restore(owned);
  }

  private boolean snapshotDue() {
    for (PartitionState state : partitions.values()) {
      if (due(state)) {
        return true;
      }
    }
    return false;
  }

  private boolean due(PartitionState state) {
    return state.snapshotDue(
        config.snapshotEveryCommands(),
        config.snapshotEvery().toNanos(),
        config.snapshotSizeRatio(),
        System.nanoTime());
  }

  private void answerHashRequests() {
    CompletableFuture<Map<String, Long>> request;
    while ((request = hashRequests.poll()) != null) {
      Map<String, Long> hashes = new TreeMap<>();
      partitions.values().forEach(p -> hashes.putAll(p.processor.stateHashes()));
      request.complete(hashes);
    }
  }

  private void restore(Collection<TopicPartition> tps) {
    if (tps.isEmpty()) {
      return;
    }
    Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(Set.copyOf(tps));
    for (TopicPartition tp : tps) {
      OffsetAndMetadata c = committed.get(tp);
      PartitionState state =
          recovery.restore(
              config.commandsTopic(),
              config.snapshotsTopic(),
              tp.partition(),
              c == null ? null : c.offset(),
              engines,
              true);
      partitions.put(tp.partition(), state);
      consumer.seek(tp, state.nextOffset);
    }
    assigned = Set.copyOf(partitions.keySet());
  }

  private final class Rebalance implements ConsumerRebalanceListener {
    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> revoked) {
      // called inside poll(): no transaction is open, everything done so far is committed
      revoked.forEach(tp -> partitions.remove(tp.partition()));
      assigned = Set.copyOf(partitions.keySet());
      log.info("Matcher {} gave up {}", config.instanceId(), revoked);
    }

    @Override
    public void onPartitionsLost(Collection<TopicPartition> lost) {
      onPartitionsRevoked(lost);
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> added) {
      if (added.isEmpty()) {
        return;
      }
      long started = System.nanoTime();
      // first, so that neither the committed offsets nor what the readers of the partitions' events
      // see wait for a transaction a dead instance left open on them (see Takeover)
      takeover.endOpenTransactions(added.stream().map(TopicPartition::partition).toList());
      restore(added);
      log.info(
          "Matcher {} took {} in {} ms",
          config.instanceId(),
          added,
          TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }
  }

  // ---- clients -------------------------------------------------------------------------------

  private KafkaProducer<String, byte[]> newProducer() {
    Properties p = new Properties();
    p.putAll(config.extraProducer());
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
    p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, config.transactionalId());
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, (int) config.transactionTimeout().toMillis());
    p.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, MatcherTopics.MAX_SNAPSHOT_BYTES);
    p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
    p.put(ProducerConfig.LINGER_MS_CONFIG, 1);
    p.put(ProducerConfig.BATCH_SIZE_CONFIG, BATCH_BYTES);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    return new KafkaProducer<>(p);
  }

  private KafkaConsumer<String, String> newConsumer() {
    Properties p = new Properties();
    p.putAll(config.extraConsumer());
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
    p.put(ConsumerConfig.GROUP_ID_CONFIG, config.groupId());
    p.put(ConsumerConfig.CLIENT_ID_CONFIG, "matcher-" + config.instanceId());
    p.putIfAbsent(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, FETCH_WAIT_MS);
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, config.maxPollRecords());
    p.put(
        ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG,
        CooperativeStickyAssignor.class.getName());
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    return new KafkaConsumer<>(p);
  }

  /**
   * The {@link Faults} point after each command, inside the open transaction: when the hook throws,
   * what was sent so far reaches the broker and the matcher stops there (see {@link Faults}).
   */
  private void afterCommand(long handledSoFar) {
    try {
      faults.afterCommand(handledSoFar);
    } catch (RuntimeException | Error e) {
      producer.flush();
      throw new Halt(e);
    }
  }

  /** Drops the clients without committing, aborting or waiting, as a killed process would. */
  private void halt() {
    try {
      producer.close(Duration.ZERO);
    } catch (RuntimeException e) {
      log.debug("close failed", e);
    }
    try {
      consumer.close(org.apache.kafka.clients.consumer.CloseOptions.timeout(Duration.ZERO));
    } catch (RuntimeException e) {
      log.debug("close failed", e);
    }
    closeQuietly(recovery);
    closeQuietly(takeover);
    hashRequests.forEach(f -> f.completeExceptionally(new IllegalStateException("halted")));
  }

  /** A fault hook stopped the matcher; never caught by the transaction's error handling. */
  private static final class Halt extends Error {
    Halt(Throwable cause) {
      super("halted by a fault hook", cause, false, false);
    }
  }

  private static void closeQuietly(AutoCloseable c) {
    if (c == null) {
      return;
    }
    try {
      c.close();
    } catch (Exception e) {
      log.debug("close failed", e);
    }
  }
}
