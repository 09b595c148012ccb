package io.equitoken.platform.events;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.flywaydb.core.api.Location;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.flyway.autoconfigure.FlywayConfigurationCustomizer;
import org.springframework.boot.kafka.autoconfigure.DefaultKafkaConsumerFactoryCustomizer;
import org.springframework.boot.kafka.autoconfigure.DefaultKafkaProducerFactoryCustomizer;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcTransactionManagerAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.kafka.config.ContainerCustomizer;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.CommonErrorHandler;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.util.backoff.FixedBackOff;
import org.springframework.util.function.SingletonSupplier;
import tools.jackson.databind.json.JsonMapper;

/**
 * The events plumbing every service shares: outbox writer and relay, idempotent consumer, dead
 * letters on {@code <topic>.dlt}, and the platform's own Flyway migrations ({@code
 * classpath:db/platform}, versions below 1 so that services' own start at V1).
 */
@AutoConfiguration(
    after = {
      R2dbcAutoConfiguration.class,
      R2dbcTransactionManagerAutoConfiguration.class,
      KafkaAutoConfiguration.class
    },
    afterName = "org.springframework.boot.data.r2dbc.autoconfigure.DataR2dbcAutoConfiguration")
@EnableConfigurationProperties({OutboxProperties.class, EventRetentionProperties.class})
public class EventsAutoConfiguration {

  @Bean
  @ConditionalOnClass(name = "org.flywaydb.core.Flyway")
  FlywayConfigurationCustomizer platformMigrations() {
    return configuration -> {
      String[] locations =
          Stream.concat(
                  Arrays.stream(configuration.getLocations()).map(Location::getDescriptor),
                  Stream.of("classpath:db/platform"))
              .distinct()
              .toArray(String[]::new);
      // out of order: an existing database picks up a platform migration added below its V1
      configuration.locations(locations).outOfOrder(true);
    };
  }

  @Bean
  DefaultKafkaProducerFactoryCustomizer platformProducerDefaults() {
    // Fail a send well inside the relay's publish timeout, so that a record given up on is
    // never delivered later behind the relay's back.
    return factory ->
        factory.updateConfigs(
            Map.of(
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000));
  }

  /**
   * Session, heartbeat, assignor and static membership of every consumer group member
   * (docs/operations.md, "Consumer groups after a crash"). {@code
   * equitoken.events.consumer.instance-id} falls back to {@code EQUITOKEN_INSTANCE_ID}.
   */
  @Bean
  @ConditionalOnMissingBean
  ConsumerGroupDefaults consumerGroupDefaults(Environment environment) {
    String instanceId = environment.getProperty("equitoken.events.consumer.instance-id");
    if (instanceId == null || instanceId.isBlank()) {
      instanceId = environment.getProperty(ConsumerGroupDefaults.INSTANCE_ID_ENV);
    }
    return new ConsumerGroupDefaults(
        environment.getProperty("equitoken.events.consumer.session-timeout", Duration.class),
        environment.getProperty("equitoken.events.consumer.heartbeat-interval", Duration.class),
        instanceId);
  }

  /** The group defaults for every consumer the factory makes, unless the service set its own. */
  @Bean
  DefaultKafkaConsumerFactoryCustomizer platformConsumerDefaults(ConsumerGroupDefaults group) {
    return factory -> {
      Map<String, Object> missing = new HashMap<>();
      group
          .groupProperties()
          .forEach(
              (name, value) -> {
                if (!factory.getConfigurationProperties().containsKey(name)) {
                  missing.put(name, value);
                }
              });
      factory.updateConfigs(missing);
    };
  }

  /**
   * An idle consumer's fetch waits at the broker up to {@code fetch.max.wait.ms}; the broker
   * answers at once when a record arrives, so a longer wait costs no latency but saves the fetches
   * of idle consumers (Kafka's 500 ms default: two a second per consumer). A service's own {@code
   * spring.kafka.consumer.fetch-max-wait} wins.
   */
  @Bean
  DefaultKafkaConsumerFactoryCustomizer platformFetchDefaults() {
    return factory -> {
      if (!factory
          .getConfigurationProperties()
          .containsKey(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG)) {
        factory.updateConfigs(Map.of(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 5_000));
      }
    };
  }

  /** Raised by the writer after a commit, awaited by the relay between polls. */
  @Bean
  @ConditionalOnMissingBean
  OutboxSignal outboxSignal() {
    return new OutboxSignal();
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(DatabaseClient.class)
  OutboxWriter outboxWriter(
      DatabaseClient db,
      ObjectProvider<JsonMapper> json,
      ObjectProvider<Clock> clock,
      OutboxProperties properties,
      Environment environment,
      ObjectProvider<Tracer> tracer,
      ObjectProvider<Propagator> propagator,
      OutboxSignal committed) {
    String source =
        properties.source() != null
            ? properties.source()
            : "/" + environment.getProperty("spring.application.name", "equitoken");
    return new OutboxWriter(
        db,
        json.getIfAvailable(() -> JsonMapper.builder().build()),
        source,
        clock.getIfAvailable(Clock::systemUTC),
        // looked up on first use (the beans may come from a later auto-configuration) and then
        // kept: a bean factory lookup for every event written cost more than writing its JSON
        new TraceParents(
            SingletonSupplier.of(tracer::getIfUnique),
            SingletonSupplier.of(propagator::getIfUnique)),
        committed);
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean({DatabaseClient.class, ReactiveTransactionManager.class})
  IdempotentConsumer idempotentConsumer(DatabaseClient db, ReactiveTransactionManager tm) {
    return new IdempotentConsumer(db, TransactionalOperator.create(tm));
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean({DatabaseClient.class, ReactiveTransactionManager.class, KafkaTemplate.class})
  @ConditionalOnProperty(
      name = "equitoken.events.relay-enabled",
      havingValue = "true",
      matchIfMissing = true)
  @SuppressWarnings("unchecked")
  OutboxRelay outboxRelay(
      DatabaseClient db,
      ReactiveTransactionManager tm,
      KafkaTemplate<?, ?> kafka,
      OutboxProperties properties,
      OutboxSignal committed) {
    return new OutboxRelay(
        db,
        TransactionalOperator.create(tm),
        (KafkaTemplate<String, String>) kafka,
        properties,
        committed);
  }

  /** Wakes the relay on every commit of outbox rows, on any replica (LISTEN outbox_event). */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean({ConnectionFactory.class, OutboxRelay.class})
  @ConditionalOnClass(name = "io.r2dbc.postgresql.api.PostgresqlConnection")
  OutboxCommitFeed outboxCommitFeed(ConnectionFactory connections, OutboxSignal committed) {
    return new OutboxCommitFeed(connections, committed, Duration.ofMillis(500));
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(DatabaseClient.class)
  EventRetention eventRetention(
      DatabaseClient db, EventRetentionProperties properties, ObjectProvider<Clock> clock) {
    return new EventRetention(db, properties, clock.getIfUnique(Clock::systemUTC));
  }

  /**
   * Outbox backlog and oldest-row age gauges, wherever there is a database and a meter registry
   * (every service with platform-web's actuator); {@code equitoken.events.metrics-interval}
   * (default 15 s) between refreshes.
   */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(DatabaseClient.class)
  @ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
  @ConditionalOnProperty(
      name = "equitoken.events.metrics-enabled",
      havingValue = "true",
      matchIfMissing = true)
  OutboxMetrics outboxMetrics(
      DatabaseClient db,
      ObjectProvider<MeterRegistry> registry,
      ObjectProvider<Clock> clock,
      Environment environment) {
    MeterRegistry meters = registry.getIfAvailable();
    if (meters == null) {
      return null;
    }
    return new OutboxMetrics(
        db,
        meters,
        clock.getIfUnique(Clock::systemUTC),
        environment.getProperty(
            "equitoken.events.metrics-interval", Duration.class, Duration.ofSeconds(15)));
  }

  /**
   * Batch listeners ({@link IdempotentConsumer#handleBatch}) get one observation per record, as
   * record listeners do: each continues the producer's trace from the record's {@code traceparent}
   * (the batch's transaction itself runs outside them). No effect on record listeners. Every
   * container also gets its static group membership ({@link #staticMembership}), the pause between
   * polls ({@link #gather}) and its offsets committed once per interval ({@link #commitEvery}).
   */
  @Bean
  @ConditionalOnMissingBean
  ContainerCustomizer<Object, Object, ConcurrentMessageListenerContainer<Object, Object>>
      recordObservationsInBatch(ConsumerGroupDefaults group, Environment environment) {
    Duration pause =
        environment.getProperty(
            "equitoken.events.consumer.idle-between-polls", Duration.class, GATHER);
    Duration commitEvery =
        environment.getProperty(
            "equitoken.events.consumer.commit-interval", Duration.class, COMMIT_INTERVAL);
    boolean ownAckMode = environment.containsProperty("spring.kafka.listener.ack-mode");
    return container -> {
      container.getContainerProperties().setRecordObservationsInBatch(true);
      staticMembership(container, group);
      gather(container, pause);
      if (!ownAckMode) {
        commitEvery(container, commitEvery);
      }
    };
  }

  /** How often a listener container commits its consumed offsets (see {@link #commitEvery}). */
  static final Duration COMMIT_INTERVAL = Duration.ofSeconds(1);

  /**
   * A listener container commits its consumed offsets at most once per {@code interval} (Spring
   * Kafka's {@code TIME} ack mode) instead of after every poll, unless the service chose its own
   * ack mode ({@code spring.kafka.listener.ack-mode}) or the container was given one other than the
   * default. Every platform listener is idempotent ({@link IdempotentConsumer}: the event ids it
   * applied are recorded in the same transaction), so offsets committed late cost at most a
   * redelivery of what was applied since the last commit, skipped by the ids — while a commit per
   * poll cost each consumer a round trip and the broker's group coordinator a write per poll, about
   * a tenth of the broker's CPU at 40 orders/s. Pending offsets are still committed when partitions
   * are revoked and when the container stops.
   */
  static void commitEvery(ConcurrentMessageListenerContainer<?, ?> container, Duration interval) {
    ContainerProperties properties = container.getContainerProperties();
    if (properties.getAckMode() == ContainerProperties.AckMode.BATCH) {
      properties.setAckMode(ContainerProperties.AckMode.TIME);
      properties.setAckTime(interval.toMillis());
    }
  }

  /** The platform's pause between two polls of a listener container (see {@link #gather}). */
  static final Duration GATHER = Duration.ofMillis(150);

  /**
   * A listener container waits {@code pause} after each poll before the next one (unless the
   * service set Spring Kafka's own {@code idle-between-polls}), so that a busy consumer takes the
   * records of up to {@code pause} in one poll — one fetch, one transaction, one statement per
   * table — instead of a poll per record once the platform keeps up with its load: at 40 orders/s a
   * poll per record cost every consumer, and the broker, about twice the CPU per order of polls
   * that gathered 50 ms, and 150 ms cut the consumers' CPU per order by about a third again. An
   * idle consumer spends nearly all its time waiting at the broker ({@code fetch.max.wait.ms}),
   * which answers as soon as a record arrives, so idling costs no more and an event after a quiet
   * spell is usually applied at once; any event is applied at most {@code pause} later.
   */
  static void gather(ConcurrentMessageListenerContainer<?, ?> container, Duration pause) {
    if (container.getContainerProperties().getIdleBetweenPolls() == 0) {
      container.getContainerProperties().setIdleBetweenPolls(pause.toMillis());
    }
  }

  /**
   * Static group membership for a listener container when {@link
   * ConsumerGroupDefaults#instanceId()} is set: {@code <instance>-<listener id>}, so that two
   * listeners of one service in the same group never share an id (Spring Kafka appends {@code -n}
   * per consumer of a concurrent container).
   */
  static void staticMembership(
      ConcurrentMessageListenerContainer<?, ?> container, ConsumerGroupDefaults group) {
    Properties own = container.getContainerProperties().getKafkaConsumerProperties();
    String listener = container.getListenerId();
    if (listener == null || own.containsKey(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG)) {
      return;
    }
    group
        .groupInstanceId(listener)
        .ifPresent(id -> own.setProperty(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, id));
  }

  /** Name of the dead-letter counter (Prometheus {@code equitoken_events_dead_letters_total}). */
  public static final String DEAD_LETTERS = "equitoken.events.dead.letters";

  @Bean
  @ConditionalOnMissingBean(CommonErrorHandler.class)
  @ConditionalOnBean(KafkaTemplate.class)
  DefaultErrorHandler deadLetteringErrorHandler(
      KafkaTemplate<?, ?> kafka, ObjectProvider<MeterRegistry> registry) {
    DeadLetterPublishingRecoverer recoverer =
        new DeadLetterPublishingRecoverer(
            kafka, (record, ex) -> new TopicPartition(record.topic() + ".dlt", -1)) {
          @Override
          public void accept(
              ConsumerRecord<?, ?> record, Consumer<?, ?> consumer, Exception exception) {
            super.accept(record, consumer, exception);
            // counted once the record is on the DLT (a failed publish throws above)
            MeterRegistry meters = registry.getIfAvailable();
            if (meters != null) {
              Counter.builder(DEAD_LETTERS)
                  .description("Records sent to <topic>.dlt after their retries")
                  .tag("topic", record.topic())
                  .register(meters)
                  .increment();
            }
          }
        };
    DefaultErrorHandler handler = new DefaultErrorHandler(recoverer, new FixedBackOff(500L, 2));
    handler.addNotRetryableExceptions(PoisonEventException.class);
    return handler;
  }
}
