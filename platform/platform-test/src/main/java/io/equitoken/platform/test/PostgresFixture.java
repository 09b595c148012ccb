package io.equitoken.platform.test;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * One real PostgreSQL per test JVM: an external server when {@code EQUITOKEN_TEST_POSTGRES_URL} is
 * set (a JDBC URL of a superuser connection), a Testcontainers one when a Docker engine is present,
 * otherwise zonky's embedded binaries. Each caller gets its own database and login role.
 */
final class PostgresFixture {

  private static final Pattern SAFE_NAME = Pattern.compile("[a-z][a-z0-9_]{0,40}");

  private final String host;
  private final int port;
  private final String adminUrl;
  private final String adminUser;
  private final String adminPassword;
  private final Map<String, TestDatabase> databases = new ConcurrentHashMap<>();

  private PostgresFixture(String host, int port, String adminUrl, String user, String password) {
    this.host = host;
    this.port = port;
    this.adminUrl = adminUrl;
    this.adminUser = user;
    this.adminPassword = password;
  }

  static PostgresFixture start() {
    String external = System.getenv("EQUITOKEN_TEST_POSTGRES_URL");
    if (external != null && !external.isBlank()) {
      java.net.URI uri = java.net.URI.create(external.substring("jdbc:".length()));
      return new PostgresFixture(
          uri.getHost(),
          uri.getPort() < 0 ? 5432 : uri.getPort(),
          external,
          envOr("EQUITOKEN_TEST_POSTGRES_USER", "postgres"),
          envOr("EQUITOKEN_TEST_POSTGRES_PASSWORD", "postgres"));
    }
    if (DockerProbe.dockerAvailable()) {
      return ContainerPostgres.start();
    }
    try {
      EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
      AtExit.afterApplicationContexts(() -> closeQuietly(pg));
      int port = pg.getPort();
      return new PostgresFixture(
          "localhost",
          port,
          "jdbc:postgresql://localhost:" + port + "/postgres",
          "postgres",
          "postgres");
    } catch (IOException e) {
      throw new UncheckedIOException("Could not start embedded PostgreSQL", e);
    }
  }

  static PostgresFixture of(String host, int port, String adminUrl, String user, String password) {
    return new PostgresFixture(host, port, adminUrl, user, password);
  }

  TestDatabase database(String name) {
    if (!SAFE_NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("Database names are lower-case identifiers: " + name);
    }
    return databases.computeIfAbsent(name, this::create);
  }

  private TestDatabase create(String name) {
    String password = name + "-test";
    try (Connection c = DriverManager.getConnection(adminUrl, adminUser, adminPassword);
        Statement s = c.createStatement()) {
      boolean roleExists;
      try (var rs = s.executeQuery("select 1 from pg_roles where rolname = '" + name + "'")) {
        roleExists = rs.next();
      }
      if (!roleExists) {
        s.execute("create role " + name + " login password '" + password + "'");
      }
      boolean dbExists;
      try (var rs = s.executeQuery("select 1 from pg_database where datname = '" + name + "'")) {
        dbExists = rs.next();
      }
      if (!dbExists) {
        s.execute("create database " + name + " owner " + name);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Could not create test database " + name, e);
    }
    return new TestDatabase(host, port, name, name, password);
  }

  private static String envOr(String name, String fallback) {
    String value = System.getenv(name);
    return value == null || value.isBlank() ? fallback : value;
  }

  private static void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception ignored) {
      // the JVM is exiting; nothing useful to do
    }
  }
}
