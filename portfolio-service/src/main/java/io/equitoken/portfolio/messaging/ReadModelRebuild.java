package io.equitoken.portfolio.messaging;

import io.equitoken.portfolio.holding.ReadModelReset;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.GroupNotEmptyException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.stereotype.Component;

/**
 * Drops the read model and replays both topics from the beginning: the listeners stop, the consumer
 * group's committed offsets are deleted (so the listeners start again from the earliest record),
 * the tables and the consumers' processed-event marks are cleared, and the listeners start. With
 * {@code equitoken.portfolio.rebuild-on-start=true} this happens once at start-up, before the
 * listeners first start. One instance at a time: scale to one replica first.
 */
@Component
public class ReadModelRebuild implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(ReadModelRebuild.class);
  private static final List<String> LISTENERS =
      List.of(TradingEventsListener.ID, ListingsEventsListener.ID);
  private static final List<String> CONSUMERS =
      List.of(TradingEventsListener.CONSUMER, ListingsEventsListener.CONSUMER);
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private final KafkaListenerEndpointRegistry registry;
  private final KafkaAdmin kafkaAdmin;
  private final ReadModelReset reset;
  private final String groupId;
  private final boolean onStart;
  private volatile boolean running;

  ReadModelRebuild(
      KafkaListenerEndpointRegistry registry,
      KafkaAdmin kafkaAdmin,
      ReadModelReset reset,
      @Value("${spring.kafka.consumer.group-id}") String groupId,
      @Value("${equitoken.portfolio.rebuild-on-start:false}") boolean onStart) {
    this.registry = registry;
    this.kafkaAdmin = kafkaAdmin;
    this.reset = reset;
    this.groupId = groupId;
    this.onStart = onStart;
  }

  /** Rebuilds now: blocks until the model is cleared and the listeners replay from the start. */
  public synchronized void rebuild() {
    List<MessageListenerContainer> containers =
        LISTENERS.stream().map(registry::getListenerContainer).toList();
    containers.forEach(MessageListenerContainer::stop);
    resetOffsetsAndModel();
    containers.forEach(MessageListenerContainer::start);
  }

  private void resetOffsetsAndModel() {
    log.warn("Rebuilding the read model: deleting group {} and clearing every table", groupId);
    deleteGroup();
    reset.clear(CONSUMERS).block(TIMEOUT);
  }

  /** The group has no members once the listeners stopped; its leaving may take a moment. */
  private void deleteGroup() {
    Map<String, Object> config = kafkaAdmin.getConfigurationProperties();
    try (Admin admin = Admin.create(config)) {
      for (int attempt = 1; ; attempt++) {
        try {
          admin.deleteConsumerGroups(List.of(groupId)).all().get(30, TimeUnit.SECONDS);
          return;
        } catch (ExecutionException e) {
          if (e.getCause() instanceof GroupIdNotFoundException) {
            return;
          }
          if (!(e.getCause() instanceof GroupNotEmptyException) || attempt == 60) {
            throw new IllegalStateException("Could not delete consumer group " + groupId, e);
          }
          Thread.sleep(500);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while deleting group " + groupId, e);
    } catch (TimeoutException e) {
      throw new IllegalStateException("Kafka did not answer deleting group " + groupId, e);
    }
  }

  @Override
  public void start() {
    if (onStart) {
      resetOffsetsAndModel();
    }
    running = true;
  }

  @Override
  public void stop() {
    running = false;
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  /** Before the listener containers start (they start in a late phase). */
  @Override
  public int getPhase() {
    return Integer.MIN_VALUE + 1000;
  }
}
