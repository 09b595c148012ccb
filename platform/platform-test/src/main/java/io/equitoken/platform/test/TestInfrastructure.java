package io.equitoken.platform.test;

import org.springframework.kafka.test.EmbeddedKafkaBroker;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The real infrastructure of a test JVM: one Kafka broker and one PostgreSQL, started on first use
 * and shared by every test class (so Spring contexts and brokers are reused across the suite).
 *
 * <pre>{@code
 * @DynamicPropertySource
 * static void infrastructure(DynamicPropertyRegistry registry) {
 *   TestInfrastructure.registerDatabase(registry, "listings");
 *   TestInfrastructure.registerKafka(registry);
 *   TestJwtIssuer.register(registry);
 * }
 * }</pre>
 */
public final class TestInfrastructure {

  private static volatile String kafka;
  private static volatile PostgresFixture postgres;

  private TestInfrastructure() {}

  public static synchronized String kafkaBootstrapServers() {
    if (kafka == null) {
      kafka = KafkaFixture.startShared();
    }
    return kafka;
  }

  public static synchronized TestDatabase database(String name) {
    if (postgres == null) {
      postgres = PostgresFixture.start();
    }
    return postgres.database(name);
  }

  /**
   * A broker of the test's own (not the shared one), for tests that stop and restart Kafka. Always
   * embedded; {@code port} 0 picks a free port, a fixed port lets a restarted broker be found
   * again.
   */
  public static EmbeddedKafkaBroker dedicatedKafka(int port) {
    return KafkaFixture.startEmbedded(port);
  }

  public static void registerKafka(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", TestInfrastructure::kafkaBootstrapServers);
  }

  /** Points R2DBC and Flyway at the named database (created with its own role on first use). */
  public static void registerDatabase(DynamicPropertyRegistry registry, String name) {
    registry.add("spring.r2dbc.url", () -> database(name).r2dbcUrl());
    registry.add("spring.r2dbc.username", () -> database(name).username());
    registry.add("spring.r2dbc.password", () -> database(name).password());
    registry.add("spring.flyway.url", () -> database(name).jdbcUrl());
    registry.add("spring.flyway.user", () -> database(name).username());
    registry.add("spring.flyway.password", () -> database(name).password());
  }
}
