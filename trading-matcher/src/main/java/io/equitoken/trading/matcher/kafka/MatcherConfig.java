package io.equitoken.trading.matcher.kafka;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * Settings of a {@link Matcher}. Build with {@link #builder(String)}; every setting but the
 * bootstrap servers has a default.
 *
 * @param bootstrapServers the Kafka cluster
 * @param instanceId this instance's stable name (e.g. the pod name): the transactional id is {@code
 *     transactionalIdPrefix + "-" + instanceId}, so a restarted instance fences its own zombie and
 *     aborts its open transaction at once; two live instances must never share it
 * @param groupId the consumer group of every matcher instance
 * @param commandsTopic {@code trading.orders.v1}
 * @param eventsTopic {@code trading.events.v1}
 * @param snapshotsTopic the compacted snapshot topic, one partition per command partition
 * @param source the CloudEvents {@code ce_source} of emitted events
 * @param partitions partitions of the topics when the matcher creates them
 * @param replicationFactor replication of the topics when the matcher creates them
 * @param snapshotEveryCommands snapshot a partition after this many commands
 * @param snapshotEvery ... or after this long if anything changed
 * @param snapshotSizeRatio ... and in either case only once the commands read since the partition's
 *     last snapshot weigh at least this share of that snapshot's bytes (1: writing snapshots costs
 *     at most about the bytes of the commands, and a restore reads at most about twice the
 *     snapshot; 0: no such floor). A token's state grows with its history (every order id, every
 *     purchase lot), so without it a busy token's snapshot of many megabytes is written again every
 *     {@code snapshotEveryCommands} commands
 * @param snapshotChunkBytes a token's snapshot larger than this is written in records of at most
 *     this size (1 MiB): a token's state grows with its history past any record limit ({@link
 *     MatcherTopics#MAX_SNAPSHOT_BYTES})
 * @param pollTimeout the consumer's poll timeout (1 s): bounds how fast state queries are answered
 *     and a time-based snapshot is taken while no command arrives; a command ends the poll at once
 * @param gather how long the matcher goes on polling after a poll that brought commands before it
 *     processes them (0: not at all), so that the commands arriving meanwhile share one
 *     transaction: a Kafka transaction costs the broker and the matcher about the same whether it
 *     carries one command or fifty (offsets committed, commit markers written), and a market that
 *     keeps up would otherwise pay one per command. A command waits at most this much longer for
 *     its fill; an idle matcher waits at the broker as before
 * @param maxPollRecords commands per poll at most; a gather ends once it holds this many (so a
 *     transaction carries fewer than twice this)
 * @param transactionTimeout the producer's {@code transaction.timeout.ms}
 * @param extraConsumer, extraProducer any further client properties (security, tuning)
 */
public record MatcherConfig(
    String bootstrapServers,
    String instanceId,
    String groupId,
    String transactionalIdPrefix,
    String commandsTopic,
    String eventsTopic,
    String snapshotsTopic,
    String source,
    int partitions,
    short replicationFactor,
    int snapshotEveryCommands,
    Duration snapshotEvery,
    double snapshotSizeRatio,
    int snapshotChunkBytes,
    Duration pollTimeout,
    Duration gather,
    int maxPollRecords,
    Duration transactionTimeout,
    Map<String, Object> extraConsumer,
    Map<String, Object> extraProducer) {

  public static final String COMMANDS_TOPIC = "trading.orders.v1";
  public static final String EVENTS_TOPIC = "trading.events.v1";
  public static final String SNAPSHOTS_TOPIC = "trading.matcher-snapshots.v1";

  public MatcherConfig {
    Objects.requireNonNull(bootstrapServers, "bootstrapServers");
    Objects.requireNonNull(instanceId, "instanceId");
    Objects.requireNonNull(gather, "gather");
    if (gather.isNegative() || gather.compareTo(pollTimeout) > 0) {
      throw new IllegalArgumentException(
          "Expected gather of zero to the poll timeout, but it is " + gather);
    }
    extraConsumer = Map.copyOf(extraConsumer);
    extraProducer = Map.copyOf(extraProducer);
    if (snapshotEveryCommands < 1 || partitions < 1 || maxPollRecords < 1) {
      throw new IllegalArgumentException(
          "Expected snapshotEveryCommands, partitions and maxPollRecords >= 1");
    }
    if (!(snapshotSizeRatio >= 0) || Double.isInfinite(snapshotSizeRatio)) {
      throw new IllegalArgumentException(
          "Expected snapshotSizeRatio >= 0, but it is " + snapshotSizeRatio);
    }
    if (snapshotChunkBytes < 1024 || snapshotChunkBytes > MatcherTopics.MAX_SNAPSHOT_BYTES / 2) {
      throw new IllegalArgumentException(
          "Expected snapshotChunkBytes of 1 KiB to half the largest snapshot record, but it is "
              + snapshotChunkBytes);
    }
  }

  public String transactionalId() {
    return transactionalIdPrefix + "-" + instanceId;
  }

  public static Builder builder(String bootstrapServers) {
    return new Builder(bootstrapServers);
  }

  public Builder toBuilder() {
    Builder b = new Builder(bootstrapServers);
    b.instanceId = instanceId;
    b.groupId = groupId;
    b.transactionalIdPrefix = transactionalIdPrefix;
    b.commandsTopic = commandsTopic;
    b.eventsTopic = eventsTopic;
    b.snapshotsTopic = snapshotsTopic;
    b.source = source;
    b.partitions = partitions;
    b.replicationFactor = replicationFactor;
    b.snapshotEveryCommands = snapshotEveryCommands;
    b.snapshotEvery = snapshotEvery;
    b.snapshotSizeRatio = snapshotSizeRatio;
    b.snapshotChunkBytes = snapshotChunkBytes;
    b.pollTimeout = pollTimeout;
    b.gather = gather;
    b.maxPollRecords = maxPollRecords;
    b.transactionTimeout = transactionTimeout;
    b.extraConsumer = extraConsumer;
    b.extraProducer = extraProducer;
    return b;
  }

  /**
   * Defaults: group {@code trading-matcher}, 6 partitions, snapshot every 1000 commands or 30 s
   * once the commands since weigh as much as the last snapshot.
   */
  public static final class Builder {
    private final String bootstrapServers;
    private String instanceId = "matcher-0";
    private String groupId = "trading-matcher";
    private String transactionalIdPrefix = "trading-matcher";
    private String commandsTopic = COMMANDS_TOPIC;
    private String eventsTopic = EVENTS_TOPIC;
    private String snapshotsTopic = SNAPSHOTS_TOPIC;
    private String source = "/trading-service";
    private int partitions = 6;
    private short replicationFactor = 1;
    private int snapshotEveryCommands = 1000;
    private Duration snapshotEvery = Duration.ofSeconds(30);
    private double snapshotSizeRatio = 1.0;
    private int snapshotChunkBytes = 1024 * 1024;
    private Duration pollTimeout = Duration.ofSeconds(1);
    private Duration gather = Duration.ZERO;
    private int maxPollRecords = 500;
    private Duration transactionTimeout = Duration.ofSeconds(30);
    private Map<String, Object> extraConsumer = Map.of();
    private Map<String, Object> extraProducer = Map.of();

    private Builder(String bootstrapServers) {
      this.bootstrapServers = bootstrapServers;
    }

    public Builder instanceId(String v) {
      instanceId = v;
      return this;
    }

    public Builder groupId(String v) {
      groupId = v;
      return this;
    }

    public Builder transactionalIdPrefix(String v) {
      transactionalIdPrefix = v;
      return this;
    }

    public Builder commandsTopic(String v) {
      commandsTopic = v;
      return this;
    }

    public Builder eventsTopic(String v) {
      eventsTopic = v;
      return this;
    }

    public Builder snapshotsTopic(String v) {
      snapshotsTopic = v;
      return this;
    }

    public Builder source(String v) {
      source = v;
      return this;
    }

    public Builder partitions(int v) {
      partitions = v;
      return this;
    }

    public Builder replicationFactor(short v) {
      replicationFactor = v;
      return this;
    }

    public Builder snapshotEveryCommands(int v) {
      snapshotEveryCommands = v;
      return this;
    }

    public Builder snapshotEvery(Duration v) {
      snapshotEvery = v;
      return this;
    }

    public Builder snapshotSizeRatio(double v) {
      snapshotSizeRatio = v;
      return this;
    }

    public Builder snapshotChunkBytes(int v) {
      snapshotChunkBytes = v;
      return this;
    }

    public Builder pollTimeout(Duration v) {
      pollTimeout = v;
      return this;
    }

    public Builder gather(Duration v) {
      gather = v;
      return this;
    }

    public Builder maxPollRecords(int v) {
      maxPollRecords = v;
      return this;
    }

    public Builder transactionTimeout(Duration v) {
      transactionTimeout = v;
      return this;
    }

    public Builder extraConsumer(Map<String, Object> v) {
      extraConsumer = v;
      return this;
    }

    public Builder extraProducer(Map<String, Object> v) {
      extraProducer = v;
      return this;
    }

    public MatcherConfig build() {
      return new MatcherConfig(
          bootstrapServers,
          instanceId,
          groupId,
          transactionalIdPrefix,
          commandsTopic,
          eventsTopic,
          snapshotsTopic,
          source,
          partitions,
          replicationFactor,
          snapshotEveryCommands,
          snapshotEvery,
          snapshotSizeRatio,
          snapshotChunkBytes,
          pollTimeout,
          gather,
          maxPollRecords,
          transactionTimeout,
          extraConsumer,
          extraProducer);
    }
  }
}
