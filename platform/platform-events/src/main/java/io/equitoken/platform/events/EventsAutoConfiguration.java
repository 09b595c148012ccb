package io.equitoken.platform.events;

import java.time.Clock;
import java.util.Arrays;
import java.util.stream.Stream;
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
import org.springframework.boot.kafka.autoconfigure.DefaultKafkaProducerFactoryCustomizer;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcTransactionManagerAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.CommonErrorHandler;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.util.backoff.FixedBackOff;
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
            java.util.Map.of(
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000));
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(DatabaseClient.class)
  OutboxWriter outboxWriter(
      DatabaseClient db,
      ObjectProvider<JsonMapper> json,
      ObjectProvider<Clock> clock,
      OutboxProperties properties,
      Environment environment) {
    String source =
        properties.source() != null
            ? properties.source()
            : "/" + environment.getProperty("spring.application.name", "equitoken");
    return new OutboxWriter(
        db,
        json.getIfAvailable(() -> JsonMapper.builder().build()),
        source,
        clock.getIfAvailable(Clock::systemUTC));
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
      OutboxProperties properties) {
    return new OutboxRelay(
        db, TransactionalOperator.create(tm), (KafkaTemplate<String, String>) kafka, properties);
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(DatabaseClient.class)
  EventRetention eventRetention(
      DatabaseClient db, EventRetentionProperties properties, ObjectProvider<Clock> clock) {
    return new EventRetention(db, properties, clock.getIfUnique(Clock::systemUTC));
  }

  @Bean
  @ConditionalOnMissingBean(CommonErrorHandler.class)
  @ConditionalOnBean(KafkaTemplate.class)
  DefaultErrorHandler deadLetteringErrorHandler(KafkaTemplate<?, ?> kafka) {
    DeadLetterPublishingRecoverer recoverer =
        new DeadLetterPublishingRecoverer(
            kafka, (record, ex) -> new TopicPartition(record.topic() + ".dlt", -1));
    DefaultErrorHandler handler = new DefaultErrorHandler(recoverer, new FixedBackOff(500L, 2));
    handler.addNotRetryableExceptions(PoisonEventException.class);
    return handler;
  }
}
