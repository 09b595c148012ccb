package io.equitoken.platform.events;

import io.equitoken.platform.test.TestDatabase;
import io.equitoken.platform.test.TestInfrastructure;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Clock;
import org.springframework.core.io.ClassPathResource;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.r2dbc.connection.R2dbcTransactionManager;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import tools.jackson.databind.json.JsonMapper;

/**
 * A test database of its own with the platform's outbox table, and an R2DBC client and transaction
 * operator on it, for tests that build a relay by hand (no Spring context), and such a relay.
 */
record OutboxDatabase(
    DatabaseClient db, TransactionalOperator tx, ConnectionFactory factory, TestDatabase database) {

  static OutboxDatabase create(String name) throws IOException, SQLException {
    TestDatabase database = TestInfrastructure.database(name);
    try (var c =
        DriverManager.getConnection(database.jdbcUrl(), database.username(), database.password())) {
      String ddl =
          new ClassPathResource("db/platform/V0_1__platform_outbox.sql")
              .getContentAsString(StandardCharsets.UTF_8);
      c.createStatement().execute(ddl.replace("create table ", "create table if not exists "));
      c.createStatement()
          .execute(
              new ClassPathResource("db/platform/V0_4__platform_outbox_traceparent.sql")
                  .getContentAsString(StandardCharsets.UTF_8));
      c.createStatement()
          .execute(
              new ClassPathResource("db/platform/V0_5__platform_outbox_notify.sql")
                  .getContentAsString(StandardCharsets.UTF_8));
    }
    ConnectionFactory factory =
        ConnectionFactories.get(
            ConnectionFactoryOptions.parse(database.r2dbcUrl())
                .mutate()
                .option(ConnectionFactoryOptions.USER, database.username())
                .option(ConnectionFactoryOptions.PASSWORD, database.password())
                .build());
    return new OutboxDatabase(
        DatabaseClient.create(factory),
        TransactionalOperator.create(new R2dbcTransactionManager(factory)),
        factory,
        database);
  }

  /**
   * A writer into this database's outbox, with {@code source} as its events' source, that raises
   * {@code committed} after its own commits.
   */
  OutboxWriter writer(String source, OutboxSignal committed) {
    return new OutboxWriter(
        db,
        JsonMapper.builder().build(),
        source,
        Clock.systemUTC(),
        TraceParents.none(),
        committed);
  }

  /** A relay of this database's outbox that publishes with {@code producers}. */
  OutboxRelay relay(
      ProducerFactory<String, String> producers,
      OutboxProperties properties,
      OutboxSignal committed) {
    return new OutboxRelay(db, tx, new KafkaTemplate<>(producers), properties, committed);
  }

  /** A relay of this database's outbox that only polls (no commit signal). */
  OutboxRelay relay(ProducerFactory<String, String> producers, OutboxProperties properties) {
    return new OutboxRelay(db, tx, new KafkaTemplate<>(producers), properties);
  }
}
