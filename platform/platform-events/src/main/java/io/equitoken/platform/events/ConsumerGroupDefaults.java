package io.equitoken.platform.events;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;

/**
 * How every consumer group member of the platform behaves when an instance dies or restarts ({@code
 * equitoken.events.consumer.*}, docs/operations.md "Consumer groups after a crash").
 *
 * <ul>
 *   <li>{@code session-timeout} (6 s, the broker's default minimum): how long the group waits for a
 *       member that stopped heartbeating before its partitions move to a survivor. Kafka's default
 *       of 45 s kept a crashed service's partitions idle for 45 s.
 *   <li>{@code heartbeat-interval} (2 s, a third of the session timeout).
 *   <li>cooperative rebalancing ({@link CooperativeStickyAssignor}): members keep the partitions
 *       they still own while the group rebalances.
 *   <li>{@code instance-id} (environment {@code EQUITOKEN_INSTANCE_ID}, unset by default): static
 *       group membership. A member that comes back with the same {@code group.instance.id} gets its
 *       partitions back at once, without waiting for the session timeout and without a rebalance.
 *       It must be stable across restarts of one instance and unique among live instances (the
 *       StatefulSet pod name in Kubernetes; {@code <service>-local} from {@code ./equitoken up}).
 *       Two live members with the same id fence each other, so it stays unset wherever several
 *       instances may share a name (tests, two contexts in one JVM).
 * </ul>
 *
 * <p>Every listener container gets {@code group.instance.id = <instance-id>-<listener id>} (see
 * {@link #groupInstanceId(String)}); a client of its own (the trading matcher) takes {@link
 * #consumerProperties(String)}.
 */
public record ConsumerGroupDefaults(
    Duration sessionTimeout, Duration heartbeatInterval, String instanceId) {

  /** The environment variable that names this instance. */
  public static final String INSTANCE_ID_ENV = "EQUITOKEN_INSTANCE_ID";

  private static final int MAX_ID_LENGTH = 249;

  public ConsumerGroupDefaults {
    sessionTimeout = sessionTimeout == null ? Duration.ofSeconds(6) : sessionTimeout;
    heartbeatInterval = heartbeatInterval == null ? Duration.ofSeconds(2) : heartbeatInterval;
    instanceId = instanceId == null || instanceId.isBlank() ? null : instanceId.strip();
    if (heartbeatInterval.compareTo(sessionTimeout) >= 0) {
      throw new IllegalArgumentException(
          "equitoken.events.consumer.heartbeat-interval must be below the session timeout");
    }
  }

  /** Session, heartbeat and assignor: what a consumer without these settings gets. */
  public Map<String, Object> groupProperties() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, (int) sessionTimeout.toMillis());
    p.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, (int) heartbeatInterval.toMillis());
    p.put(
        ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG,
        CooperativeStickyAssignor.class.getName());
    return p;
  }

  /**
   * {@link #groupProperties()} plus {@code group.instance.id} when static membership is on: for a
   * consumer the service creates itself, {@code member} telling it from the service's others.
   */
  public Map<String, Object> consumerProperties(String member) {
    Map<String, Object> p = groupProperties();
    groupInstanceId(member).ifPresent(id -> p.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, id));
    return p;
  }

  /**
   * {@code <instance-id>-<member>} made a legal group instance id (letters, digits, {@code .},
   * {@code _}, {@code -}; 249 characters at most), or empty while no instance id is configured.
   */
  public Optional<String> groupInstanceId(String member) {
    if (instanceId == null) {
      return Optional.empty();
    }
    String id = (instanceId + "-" + member).replaceAll("[^A-Za-z0-9._-]", "_");
    return Optional.of(id.length() > MAX_ID_LENGTH ? id.substring(0, MAX_ID_LENGTH) : id);
  }
}
