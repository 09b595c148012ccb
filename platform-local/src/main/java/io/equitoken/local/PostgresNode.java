package io.equitoken.local;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * PostgreSQL from zonky's embedded binaries, with a data directory that survives restarts.
 *
 * <p>As root, zonky runs initdb and pg_ctl inside {@code unshare -U} (a user namespace in which the
 * process is not uid 0), so PostgreSQL's refusal to run as root does not apply; the files stay
 * owned by the real user. pg_ctl starts the postmaster in its own session, so Ctrl-C does not reach
 * it.
 *
 * <p>Passwords only: initdb gives the superuser the installation's generated password ({@code
 * --pwfile}, never trust), {@code pg_hba.conf} is rewritten at every start to require scram-sha-256
 * for every role on the unix socket and on loopback TCP, and zonky's readiness check logs in with
 * that password. Each service role has its own generated password ({@link LocalSecrets}).
 */
final class PostgresNode implements AutoCloseable {

  static final String SUPERUSER = "postgres";

  /** Written before every start; zonky and initdb would otherwise leave {@code trust} in it. */
  static final String PG_HBA =
      """
      # written by platform-local at every start: passwords (scram-sha-256) for every role
      local all all scram-sha-256
      host all all 127.0.0.1/32 scram-sha-256
      host all all ::1/128 scram-sha-256
      """;

  private final PortPlan ports;
  private final LocalSecrets secrets;
  private final Path dataDir;
  private final Path log;
  private EmbeddedPostgres postgres;

  PostgresNode(PortPlan ports, Path baseDir, LocalSecrets secrets) {
    this.ports = ports;
    this.secrets = secrets;
    this.dataDir = baseDir.resolve("postgres");
    this.log = baseDir.resolve("logs").resolve("postgres.log");
  }

  Path dataDir() {
    return dataDir;
  }

  Path log() {
    return log;
  }

  /** Whether initdb has run in this data directory. */
  static boolean initialised(Path dataDir) {
    return Files.exists(dataDir.resolve("postgresql.conf"));
  }

  void start() {
    Path pwfile = dataDir.resolveSibling("postgres.pwfile");
    try {
      Files.createDirectories(dataDir);
      Files.createDirectories(log.getParent());
      EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
      if (!initialised(dataDir)) {
        Files.deleteIfExists(pwfile);
        Files.writeString(
            Files.createFile(
                pwfile,
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))),
            secrets.superuserPassword() + "\n");
        // zonky appends these as --name=value after its own "-A trust": initdb takes the last
        builder.setLocaleConfig("auth", "scram-sha-256");
        builder.setLocaleConfig("pwfile", pwfile.toString());
      }
      postgres =
          builder
              .setDataDirectory(dataDir)
              .setCleanDataDirectory(false)
              .setPort(ports.postgres())
              .setOverrideWorkingDirectory(binariesDir().toFile())
              .setPGStartupWait(Duration.ofSeconds(60))
              .setServerConfig("listen_addresses", "localhost")
              .setServerConfig("password_encryption", "scram-sha-256")
              .setDataDirectoryCustomizer(PostgresNode::writeHba)
              .setConnectConfig("password", secrets.superuserPassword())
              .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
    } catch (IOException | RuntimeException e) {
      throw new LaunchException(
          "PostgreSQL did not start: " + e.getMessage(), log, ChildProcess.tail(log, 30));
    } finally {
      try {
        Files.deleteIfExists(pwfile);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private static void writeHba(File dataDirectory) {
    try {
      Files.writeString(dataDirectory.toPath().resolve("pg_hba.conf"), PG_HBA);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One login role and one database per service, created only when missing. */
  void ensureDatabases(List<String> databases) {
    try (Connection connection = connect("postgres", SUPERUSER, secrets.superuserPassword())) {
      for (String db : databases) {
        requireIdentifier(db);
        String password = secrets.databasePassword(db).replace("'", "''");
        try (Statement statement = connection.createStatement()) {
          if (!exists(connection, "SELECT 1 FROM pg_roles WHERE rolname = ?", db)) {
            statement.execute("CREATE ROLE " + db + " LOGIN PASSWORD '" + password + "'");
          } else {
            statement.execute("ALTER ROLE " + db + " LOGIN PASSWORD '" + password + "'");
          }
          if (!exists(connection, "SELECT 1 FROM pg_database WHERE datname = ?", db)) {
            statement.execute("CREATE DATABASE " + db + " OWNER " + db);
          }
        }
      }
    } catch (SQLException e) {
      throw new LaunchException(
          "could not create the service databases: " + e.getMessage(),
          log,
          ChildProcess.tail(log, 30));
    }
  }

  Connection connect(String database, String user, String password) throws SQLException {
    return DriverManager.getConnection(ports.jdbcUrl(database), user, password);
  }

  private static boolean exists(Connection connection, String sql, String name)
      throws SQLException {
    try (PreparedStatement query = connection.prepareStatement(sql)) {
      query.setString(1, name);
      try (var rows = query.executeQuery()) {
        return rows.next();
      }
    }
  }

  private static void requireIdentifier(String name) {
    if (!name.matches("[a-z][a-z0-9_]*")) {
      throw new IllegalArgumentException("not a plain database name: " + name);
    }
  }

  /**
   * A launcher killed with SIGKILL cannot stop PostgreSQL; the next run (which holds the run lock,
   * so this data directory is its own) stops that postmaster before starting a new one.
   */
  boolean stopOrphanedPostmaster() {
    Path pidFile = dataDir.resolve("postmaster.pid");
    if (!Files.exists(pidFile)) {
      return false;
    }
    try {
      List<String> lines = Files.readAllLines(pidFile);
      Optional<ProcessHandle> postmaster =
          lines.isEmpty()
              ? Optional.empty()
              : ProcessHandle.of(Long.parseLong(lines.get(0).trim()));
      if (postmaster.isPresent()
          && postmaster.get().isAlive()
          && postmaster.get().info().command().orElse("").endsWith("postgres")) {
        RunLock.stopHandle(postmaster.get(), Duration.ofSeconds(30));
        return true;
      }
      return false;
    } catch (IOException | NumberFormatException e) {
      throw new IllegalStateException("could not read " + pidFile + ": " + e.getMessage(), e);
    }
  }

  /** Extracted binaries, shared by all runs of one OS user (root's never block another user). */
  private static Path binariesDir() {
    return Path.of(
        System.getProperty("java.io.tmpdir"),
        "equitoken-embedded-pg-" + System.getProperty("user.name"));
  }

  /** Pid of the running postmaster, from its pid file. */
  Optional<Long> postmasterPid() {
    try {
      List<String> lines = Files.readAllLines(dataDir.resolve("postmaster.pid"));
      return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).trim()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  boolean isRunning() {
    return postgres != null;
  }

  @Override
  public void close() {
    if (postgres != null) {
      try {
        postgres.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } finally {
        postgres = null;
      }
    }
  }
}
