package io.equitoken.trading.matcher.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeTransactionsResult;
import org.apache.kafka.clients.admin.FenceProducersOptions;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends, at once, the transactions another matcher instance left open on the partitions this
 * instance takes over.
 *
 * <p>A matcher killed mid-transaction leaves its transaction open on the broker, and what it wrote
 * to the event and snapshot partitions holds back every {@code read_committed} reader of them (the
 * service's order statuses, portfolio, webhooks) until the transaction ends. Restarted under the
 * same instance id, the matcher ends it itself ({@code initTransactions}); otherwise the broker
 * would, only after the dead producer's {@code transaction.timeout.ms}. So the instance that is
 * assigned the partitions fences the dead one's transactional id ({@code Admin.fenceProducers}):
 * the transaction coordinator aborts the open transaction, writes the abort markers and bumps the
 * producer epoch before it answers, so the readers go on at once and the dead producer could never
 * commit it either.
 *
 * <p>Only ongoing transactions of other instances of this matcher (the same transactional id
 * prefix) that wrote to an event or snapshot partition taken over are fenced. The cooperative
 * assignor hands a partition to a new owner only after its previous owner gave it up (between two
 * of its transactions: revocation happens inside {@code poll}) or left the group, so an open
 * transaction on it belongs to an instance that is dead, or behaves as if it were (a zombie, whose
 * commit would fail anyway). Fencing is an optimisation, never needed for exactly-once: when it
 * fails (the broker's authorisation, a timeout) it is logged and the broker's timeout ends the
 * transaction.
 */
final class Takeover implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(Takeover.class);
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final Admin admin;
  private final String instanceId;
  private final String prefix;
  private final String own;
  private final List<String> written;

  Takeover(MatcherConfig config) {
    Map<String, Object> p = new HashMap<>();
    // the client settings the matcher's producer has (security, …) that an admin client knows
    config.extraProducer().entrySet().stream()
        .filter(e -> AdminClientConfig.configNames().contains(e.getKey()))
        .forEach(e -> p.put(e.getKey(), e.getValue()));
    p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
    p.put(AdminClientConfig.CLIENT_ID_CONFIG, "matcher-" + config.instanceId() + "-takeover");
    this.admin = Admin.create(p);
    this.instanceId = config.instanceId();
    this.prefix = config.transactionalIdPrefix() + "-";
    this.own = config.transactionalId();
    // not the dead-letter topic: its one partition is written by every instance
    this.written = List.of(config.eventsTopic(), config.snapshotsTopic());
  }

  /**
   * Fences the other instances whose open transaction wrote to the output partitions of the command
   * partitions {@code partitions}; answers their transactional ids (empty if none, or if the broker
   * could not be asked).
   */
  Set<String> endOpenTransactions(Collection<Integer> partitions) {
    if (partitions.isEmpty()) {
      return Set.of();
    }
    long started = System.nanoTime();
    Set<TopicPartition> taken = written(written, partitions);
    try {
      Set<String> others = new TreeSet<>();
      for (TransactionListing t :
          admin
              .listTransactions(
                  new ListTransactionsOptions()
                      .filterStates(List.of(TransactionState.ONGOING))
                      .timeoutMs((int) TIMEOUT.toMillis()))
              .all()
              .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        if (isOtherInstance(t.transactionalId(), prefix, own)) {
          others.add(t.transactionalId());
        }
      }
      if (others.isEmpty()) {
        return Set.of();
      }
      Set<String> holding = new TreeSet<>();
      DescribeTransactionsResult described = admin.describeTransactions(others);
      for (String id : others) {
        if (holdsBack(describe(described, id), taken)) {
          holding.add(id);
        }
      }
      if (holding.isEmpty()) {
        return Set.of();
      }
      admin
          .fenceProducers(holding, new FenceProducersOptions().timeoutMs((int) TIMEOUT.toMillis()))
          .all()
          .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      log.info(
          "Matcher {} ended the open transactions of {} on partitions {} in {} ms",
          instanceId,
          holding,
          new TreeSet<>(partitions),
          TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
      return holding;
    } catch (ExecutionException | TimeoutException e) {
      log.warn(
          "Matcher {} could not end other instances' open transactions on partitions {} ({}):"
              + " the broker's transaction timeout will",
          instanceId,
          new TreeSet<>(partitions),
          e.toString());
      return Set.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptException(e);
    }
  }

  /**
   * Whether {@code transactionalId} is another instance's of this matcher: it has the matchers'
   * {@code prefix} (with its dash) and is not this instance's own {@code own}.
   */
  static boolean isOtherInstance(String transactionalId, String prefix, String own) {
    return transactionalId.startsWith(prefix) && !transactionalId.equals(own);
  }

  /** The partitions of {@code topics} numbered as the command partitions {@code partitions}. */
  static Set<TopicPartition> written(List<String> topics, Collection<Integer> partitions) {
    Set<TopicPartition> taken = new HashSet<>();
    for (String topic : topics) {
      partitions.forEach(p -> taken.add(new TopicPartition(topic, p)));
    }
    return taken;
  }

  /**
   * Whether a transaction (null: gone) is open and wrote to one of the {@code taken} partitions.
   */
  static boolean holdsBack(TransactionDescription transaction, Set<TopicPartition> taken) {
    return transaction != null
        && transaction.state() == TransactionState.ONGOING
        && !Collections.disjoint(transaction.topicPartitions(), taken);
  }

  /** One transaction's description; null if it is gone meanwhile (ended, expired). */
  private static TransactionDescription describe(DescribeTransactionsResult described, String id)
      throws InterruptedException, TimeoutException {
    try {
      return described.description(id).get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException gone) {
      return null;
    }
  }

  @Override
  public void close() {
    admin.close(Duration.ZERO);
  }
}
