package io.equitoken.platform.test;

import org.testcontainers.postgresql.PostgreSQLContainer;

/** PostgreSQL in a container, used only when {@link DockerProbe} finds a Docker engine. */
final class ContainerPostgres {

  private ContainerPostgres() {}

  static PostgresFixture start() {
    PostgreSQLContainer container = new PostgreSQLContainer("postgres:17.5");
    container.start();
    return PostgresFixture.of(
        container.getHost(),
        container.getFirstMappedPort(),
        container.getJdbcUrl(),
        container.getUsername(),
        container.getPassword());
  }
}
