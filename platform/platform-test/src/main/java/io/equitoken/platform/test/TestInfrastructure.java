package io.equitoken.platform.test;

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
   * A broker of the test's own (not the shared one) that can be stopped and started again at the
   * same address, for Kafka outage tests. Always embedded; the caller closes it.
   */
  public static RestartableKafka restartableKafka() {
    return new RestartableKafka().start();
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
