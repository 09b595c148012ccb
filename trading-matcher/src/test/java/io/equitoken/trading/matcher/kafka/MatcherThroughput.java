package io.equitoken.trading.matcher.kafka;

import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.trading.matcher.core.CommandProcessor;
import io.equitoken.trading.matcher.core.Commands;
import io.equitoken.trading.matcher.core.EngineFactory;
import io.equitoken.trading.matcher.core.MatcherCommand;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Benchmark, not a test: matcher throughput from a pre-filled command topic with exactly-once on,
 * against a plain consume-and-produce loop with the same transactions (one per poll, offsets sent
 * with the consumer's group metadata, same client settings) that copies each command to an output
 * topic without matching — once, and as many times as the matcher emits events per command (same
 * output volume) — all in the same run, alternating, on the same topic. Uses {@code
 * KAFKA_BOOTSTRAP_SERVERS} if set, else platform-test's embedded broker. See docs/benchmarks.md.
 *
 * <p>Arguments: [commands per token (default 10000)] [tokens (default 6)] [rounds (default 2)]
 */
public final class MatcherThroughput {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private MatcherThroughput() {}

  /** CPU time of this JVM so far (every thread: the embedded broker's too), in nanoseconds. */
  private static long processCpu() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** CPU time of the live thread of that name (its whole life so far), in nanoseconds. */
  private static long threadCpu(String name) {
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().equals(name)) {
        return THREADS.getThreadCpuTime(t.getId());
      }
    }
    throw new IllegalStateException("No thread " + name);
  }

  public static void main(String[] args) throws Exception {
    int perToken = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    int tokenCount = args.length > 1 ? Integer.parseInt(args[1]) : 6;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    String env = System.getenv("KAFKA_BOOTSTRAP_SERVERS");
    String bootstrap = env != null ? env : TestInfrastructure.kafkaBootstrapServers();
    String suffix = UUID.randomUUID().toString().substring(0, 8);
    MatcherConfig base =
        MatcherConfig.builder(bootstrap)
            .commandsTopic("bench-orders-" + suffix)
            .eventsTopic("bench-events-" + suffix)
            .snapshotsTopic("bench-snapshots-" + suffix)
            .partitions(6)
            .maxPollRecords(500)
            .snapshotEveryCommands(1000)
            .build();
    MatcherTopics.ensure(base);
    List<MatcherCommand> commands = commands(perToken, tokenCount);
    long prefill = System.nanoTime();
    try (KafkaProducer<String, String> producer = CommandRecords.producer(bootstrap)) {
      for (MatcherCommand c : commands) {
        producer.send(CommandRecords.record(base.commandsTopic(), c));
      }
      producer.flush();
    }
    System.out.printf(
        "pre-filled %d commands (%d tokens) in %.1f s%n",
        commands.size(), tokenCount, (System.nanoTime() - prefill) / 1e9);
    long offline = System.nanoTime();
    CommandProcessor processor = new CommandProcessor(EngineFactory.FAST);
    long eventCount = 0;
    for (MatcherCommand c : commands) {
      eventCount += processor.apply(c).size();
    }
    double offlineSeconds = (System.nanoTime() - offline) / 1e9;
    int fanout = (int) Math.max(1, Math.round((double) eventCount / commands.size()));
    System.out.printf(
        "offline translation (no Kafka): %d events, %.2f per command, %.0f commands/s%n",
        eventCount, (double) eventCount / commands.size(), commands.size() / offlineSeconds);
    for (int round = 1; round <= rounds; round++) {
      double plain = plainLoop(base, "plain-" + round, commands.size(), 1);
      long loopCpu = THREADS.getCurrentThreadCpuTime();
      long loopProcessCpu = processCpu();
      double plainSameVolume = plainLoop(base, "plain-volume-" + round, commands.size(), fanout);
      loopCpu = THREADS.getCurrentThreadCpuTime() - loopCpu;
      loopProcessCpu = processCpu() - loopProcessCpu;
      MatcherConfig matcherConfig =
          base.toBuilder()
              .groupId("bench-matcher-" + suffix + "-" + round)
              .transactionalIdPrefix("bench-matcher-" + suffix + "-" + round)
              // a round of its own: an earlier round's snapshots would be restored, not recomputed
              .snapshotsTopic(base.snapshotsTopic() + "-" + round)
              .build();
      long start = System.nanoTime();
      long events;
      long matcherCpu;
      System.gc();
      long matcherProcessCpu = processCpu();
      try (Matcher matcher = new Matcher(matcherConfig).start()) {
        CommandRecords.awaitCaughtUp(matcherConfig, Duration.ofMinutes(10));
        events = matcher.committedTransactions();
        matcherCpu = threadCpu("matcher-" + matcherConfig.instanceId());
      }
      double matched = commands.size() / ((System.nanoTime() - start) / 1e9);
      matcherProcessCpu = processCpu() - matcherProcessCpu;
      System.out.printf(
          "round %d: plain loop (1 copy) %.0f commands/s, plain loop (%d copies = the matcher's"
              + " output volume) %.0f commands/s, matcher (EOS) %.0f commands/s (%d transactions);"
              + " ratio to same-volume loop %.2f, to 1-copy loop %.2f; thread CPU per command:"
              + " same-volume loop %.1f µs, matcher %.1f µs; JVM CPU per command (broker"
              + " included): same-volume loop %.1f µs, matcher %.1f µs%n",
          round,
          plain,
          fanout,
          plainSameVolume,
          matched,
          events,
          matched / plainSameVolume,
          matched / plain,
          loopCpu / 1e3 / commands.size(),
          matcherCpu / 1e3 / commands.size(),
          loopProcessCpu / 1e3 / commands.size(),
          matcherProcessCpu / 1e3 / commands.size());
    }
    System.exit(0);
  }

  /** Per token: register, open, then buys and sells around the issue price (many trades). */
  static List<MatcherCommand> commands(int perToken, int tokenCount) {
    Random random = new Random(1);
    List<List<MatcherCommand>> perTokenLists = new ArrayList<>();
    for (int t = 0; t < tokenCount; t++) {
      String token = "70c00000-0000-4000-8000-" + String.format("%012d", 900 + t);
      Commands c = new Commands(token);
      List<MatcherCommand> list = new ArrayList<>();
      list.add(c.register("100000000", "10"));
      list.add(c.open("W", "continuous", null));
      for (int i = 2; i < perToken; i++) {
        String owner = Sessions.OWNERS.get(random.nextInt(Sessions.OWNERS.size()));
        boolean sell = owner.equals(Commands.ISSUER);
        int price = 990 + random.nextInt(20);
        list.add(
            c.place(
                token + "/" + i,
                owner,
                "W",
                sell ? "sell" : "buy",
                String.valueOf(1 + random.nextInt(100)),
                String.valueOf(price / 100.0)));
      }
      perTokenLists.add(list);
    }
    List<MatcherCommand> out = new ArrayList<>();
    for (int i = 0; i < perToken; i++) {
      for (List<MatcherCommand> l : perTokenLists) {
        out.add(l.get(i));
      }
    }
    return out;
  }

  /**
   * The yardstick: same consumer and transactional producer settings, a copy instead of matching.
   */
  static double plainLoop(MatcherConfig config, String name, int total, int copies) {
    Properties cp = new Properties();
    cp.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
    cp.put(ConsumerConfig.GROUP_ID_CONFIG, config.groupId() + "-" + name + "-" + UUID.randomUUID());
    cp.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    cp.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    cp.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    cp.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, config.maxPollRecords());
    cp.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    cp.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    Properties pp = new Properties();
    pp.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
    pp.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "bench-" + name + "-" + UUID.randomUUID());
    pp.put(ProducerConfig.ACKS_CONFIG, "all");
    pp.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
    pp.put(ProducerConfig.LINGER_MS_CONFIG, 1);
    pp.put(ProducerConfig.BATCH_SIZE_CONFIG, Matcher.BATCH_BYTES);
    pp.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    pp.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    String out = config.eventsTopic() + "-copy";
    long start = System.nanoTime();
    long deadline = start + Duration.ofMinutes(10).toNanos();
    int seen = 0;
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(cp);
        KafkaProducer<String, String> producer = new KafkaProducer<>(pp)) {
      producer.initTransactions();
      consumer.subscribe(List.of(config.commandsTopic()));
      while (seen < total && System.nanoTime() < deadline) {
        ConsumerRecords<String, String> records = consumer.poll(config.pollTimeout());
        if (records.isEmpty()) {
          continue;
        }
        producer.beginTransaction();
        Map<TopicPartition, OffsetAndMetadata> offsets = new java.util.HashMap<>();
        for (ConsumerRecord<String, String> r : records) {
          for (int i = 0; i < copies; i++) {
            ProducerRecord<String, String> copy = new ProducerRecord<>(out, r.key(), r.value());
            r.headers().forEach(h -> copy.headers().add(h));
            producer.send(copy);
          }
          offsets.put(
              new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
          seen++;
        }
        producer.sendOffsetsToTransaction(offsets, consumer.groupMetadata());
        producer.commitTransaction();
      }
    }
    return total / ((System.nanoTime() - start) / 1e9);
  }
}
