package io.equitoken.trading.matcher.kafka;

import io.equitoken.trading.matcher.core.CommandProcessor;
import io.equitoken.trading.matcher.core.EngineFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import tools.jackson.databind.json.JsonMapper;

/**
 * Offline checks of the matcher's state, for recovery tests (in-process or against a packaged
 * service killed with SIGKILL):
 *
 * <ul>
 *   <li>{@link #clean} — a clean replay of the whole command topic (read_committed) through fresh
 *       {@code ReferenceMatchingEngine}s and the same translation rules: the state every matcher
 *       must converge to;
 *   <li>{@link #recovered} — what a restarted matcher would hold: each partition's latest snapshot
 *       plus the commands after it up to the group's committed offset.
 * </ul>
 *
 * Run them when the command topic is quiet and the matcher has caught up (committed offsets at the
 * end), then compare {@link Result#stateHashes()}.
 */
public final class Replay {

  private Replay() {}

  /** The result of a replay: one processor per command partition. */
  public record Result(List<CommandProcessor> partitions) {

    /** Per token, the engine state hash. */
    public Map<String, Long> stateHashes() {
      Map<String, Long> hashes = new TreeMap<>();
      partitions.forEach(p -> hashes.putAll(p.stateHashes()));
      return hashes;
    }

    /** Per token, whether the holdings sum to the registered supply. */
    public Map<String, Boolean> conservation() {
      Map<String, Boolean> result = new TreeMap<>();
      partitions.forEach(p -> result.putAll(p.conservation()));
      return result;
    }
  }

  public static Result clean(MatcherConfig config) {
    return run(config, false, EngineFactory.REFERENCE);
  }

  public static Result recovered(MatcherConfig config) {
    return run(config, true, EngineFactory.FAST);
  }

  private static Result run(MatcherConfig config, boolean fromSnapshots, EngineFactory engines) {
    try (Admin admin =
            Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers()));
        Recovery recovery =
            new Recovery(
                config.bootstrapServers(), config.extraConsumer(), JsonMapper.builder().build())) {
      int count = MatcherTopics.partitions(admin, config.commandsTopic());
      Map<TopicPartition, OffsetAndMetadata> committed =
          fromSnapshots
              ? admin
                  .listConsumerGroupOffsets(config.groupId())
                  .partitionsToOffsetAndMetadata()
                  .get()
              : Map.of();
      List<CommandProcessor> processors = new ArrayList<>();
      for (int p = 0; p < count; p++) {
        OffsetAndMetadata c = committed.get(new TopicPartition(config.commandsTopic(), p));
        processors.add(
            recovery.restore(
                    config.commandsTopic(),
                    config.snapshotsTopic(),
                    p,
                    c == null ? null : c.offset(),
                    engines,
                    fromSnapshots)
                .processor);
      }
      return new Result(List.copyOf(processors));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("Replay failed", e.getCause());
    }
  }
}
