package io.equitoken.platform.web.idempotency;

import io.equitoken.platform.core.TransactionLocks;
import io.equitoken.platform.core.Transactions;
import java.time.Clock;
import java.util.Arrays;
import java.util.stream.Stream;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The database-backed platform pieces of a service with R2DBC: the {@link Transactions} and {@link
 * TransactionLocks} ports, {@link Idempotency} with its store and purger, and the platform's Flyway
 * migrations ({@code classpath:db/platform}, applied out of order so an existing database picks up
 * a new platform table).
 */
@AutoConfiguration(
    afterName = {
      "org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration",
      "org.springframework.boot.r2dbc.autoconfigure.R2dbcTransactionManagerAutoConfiguration",
      "org.springframework.boot.data.r2dbc.autoconfigure.DataR2dbcAutoConfiguration",
      "org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration"
    })
@ConditionalOnClass(name = "org.springframework.r2dbc.core.DatabaseClient")
@EnableConfigurationProperties(IdempotencyProperties.class)
public class IdempotencyAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(Transactions.class)
  @ConditionalOnBean(ReactiveTransactionManager.class)
  Transactions equitokenTransactions(ReactiveTransactionManager transactionManager) {
    TransactionalOperator operator = TransactionalOperator.create(transactionManager);
    return new Transactions() {
      @Override
      public <T> Mono<T> inTransaction(Mono<T> work) {
        return operator.transactional(Mono.defer(() -> work));
      }
    };
  }

  /** Transaction-scoped PostgreSQL advisory locks, released at commit or rollback. */
  @Bean
  @ConditionalOnMissingBean(TransactionLocks.class)
  @ConditionalOnBean({DatabaseClient.class, ReactiveTransactionManager.class})
  TransactionLocks equitokenTransactionLocks(DatabaseClient db) {
    return new PostgresTransactionLocks(db);
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean({DatabaseClient.class, ReactiveTransactionManager.class})
  IdempotencyStore platformIdempotencyStore(DatabaseClient db) {
    return new R2dbcIdempotencyStore(db);
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean({DatabaseClient.class, ReactiveTransactionManager.class})
  Idempotency platformIdempotency(
      IdempotencyStore store,
      ObjectProvider<Transactions> transactions,
      ObjectProvider<JsonMapper> json,
      ObjectProvider<Clock> clock,
      IdempotencyProperties properties) {
    return new Idempotency(
        store,
        transactions.getObject(),
        json.getIfAvailable(() -> JsonMapper.builder().build()),
        clock.getIfUnique(Clock::systemUTC),
        properties.retention());
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean({DatabaseClient.class, ReactiveTransactionManager.class})
  IdempotencyPurger platformIdempotencyPurger(
      IdempotencyStore store, IdempotencyProperties properties, ObjectProvider<Clock> clock) {
    return new IdempotencyPurger(store, properties, clock.getIfUnique(Clock::systemUTC));
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.flywaydb.core.Flyway")
  static class PlatformMigrations {

    @Bean
    org.springframework.boot.flyway.autoconfigure.FlywayConfigurationCustomizer
        platformWebMigrations() {
      return configuration -> {
        String[] locations =
            Stream.concat(
                    Arrays.stream(configuration.getLocations())
                        .map(org.flywaydb.core.api.Location::getDescriptor),
                    Stream.of("classpath:db/platform"))
                .distinct()
                .toArray(String[]::new);
        configuration.locations(locations).outOfOrder(true);
      };
    }
  }
}
