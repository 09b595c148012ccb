package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Starts the real PostgreSQL and Kafka twice on the same data, on ports far from a dev instance.
 */
class LocalPlatformIT {

  private static final int OFFSET = 700;
  private static final String TOPIC = "platform-local.it.v1";

  @TempDir Path dir;

  private final ByteArrayOutputStream output = new ByteArrayOutputStream();

  private LocalPlatform platform() {
    return LocalPlatform.builder()
        .projectDir(dir)
        .baseDir(dir.resolve("local"))
        .portOffset(OFFSET)
        .infrastructureOnly()
        .output(new PrintStream(output, true, StandardCharsets.UTF_8))
        .build();
  }

  @Test
  void shouldStartStopAndRestartInfrastructureKeepingItsData() throws Exception {
    String key = UUID.randomUUID().toString();
    List<Long> firstRun;

    try (LocalPlatform platform = platform()) {
      platform.start();

      for (String db : Services.databases()) {
        assertThat(queryOne(platform, db, "SELECT current_user || '@' || current_database()"))
            .isEqualTo(db + "@" + db);
      }
      assertPasswordsRequired(platform);
      execute(platform, "listings", "CREATE TABLE it_marker (id text PRIMARY KEY)");
      execute(platform, "listings", "INSERT INTO it_marker VALUES ('" + key + "')");
      assertCatalogueTopicsExist(platform);
      produce(platform, key, "hello");
      assertThat(consume(platform, key)).isEqualTo("hello");

      assertThatThrownBy(() -> platform().start())
          .isInstanceOf(AlreadyRunningException.class)
          .hasMessageContaining("already running");

      firstRun = platform.livePids();
      assertThat(firstRun).hasSize(2);
    }
    assertNothingRunning(firstRun);
    assertThat(output.toString(StandardCharsets.UTF_8))
        .contains("PostgreSQL on localhost:" + (54329 + OFFSET))
        .contains("Kafka (KRaft) on localhost:" + (19092 + OFFSET));

    Process stray;
    try (LocalPlatform platform = platform()) {
      platform.start();

      assertThat(queryOne(platform, "listings", "SELECT id FROM it_marker")).isEqualTo(key);
      assertPasswordsRequired(platform);
      assertThat(consume(platform, key)).isEqualTo("hello");

      // a broker that dies is reported and started again by the supervisor, with its data
      long broker = platform.livePids().get(0);
      ProcessHandle.of(broker).orElseThrow().destroyForcibly();
      awaitNewBroker(platform, broker);
      assertThat(consume(platform, key)).isEqualTo("hello");
      assertThat(output.toString(StandardCharsets.UTF_8))
          .contains("kafka (pid " + broker + ") exited with code 137")
          .contains("kafka restarted (pid ");

      // a process of this installation that the launcher did not start (say, a service someone
      // started again by hand with the launcher's command line) ends with it
      stray =
          new ProcessBuilder(
                  "sh",
                  "-c",
                  "trap 'exit 0' TERM; while :; do sleep 1; done",
                  "-D" + ChildProcess.MARKER_PROPERTY + "=" + platform.baseDir(),
                  "x")
              .start();
      firstRun = platform.livePids();
    }
    assertThat(stray.waitFor(10, TimeUnit.SECONDS)).as("the stray process ended").isTrue();
    assertNothingRunning(firstRun);
  }

  private static void awaitNewBroker(LocalPlatform platform, long dead) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
    // broker first, then the postmaster
    while (platform.livePids().size() < 2 || platform.livePids().get(0) == dead) {
      assertThat(System.nanoTime()).as("broker restarted").isLessThan(deadline);
      Thread.sleep(200);
    }
  }

  /**
   * scram-sha-256 for every role over TCP: a wrong password, no password, another role's password
   * and the old documented {@code <db>-local} are refused for the service databases, and the
   * superuser needs its password too; the secrets file is the owner's only.
   */
  private static void assertPasswordsRequired(LocalPlatform platform) throws Exception {
    for (String db : Services.databases()) {
      String url = platform.jdbcUrl(db);
      assertRefused(url, db, "wrong-" + platform.databasePassword(db));
      assertRefused(url, db, db + "-local");
      assertRefused(
          url, db, platform.databasePassword(db.equals("listings") ? "trading" : "listings"));
      assertThatThrownBy(() -> DriverManager.getConnection(url, db, null))
          .as("no password for %s", db)
          .isInstanceOf(java.sql.SQLException.class)
          .hasMessageContaining("SCRAM");
      assertThatThrownBy(() -> DriverManager.getConnection(url, db, ""))
          .as("empty password for %s", db)
          .isInstanceOf(java.sql.SQLException.class);
      assertRefused(url, "postgres", "");
      assertRefused(url, "postgres", "postgres");
    }
    assertThat(
            PosixFilePermissions.toString(
                java.nio.file.Files.getPosixFilePermissions(platform.secretsFile())))
        .isEqualTo("rw-------");
  }

  /** The server refused the login: 28P01 invalid_password (scram), never a session. */
  private static void assertRefused(String url, String user, String password) {
    assertThatThrownBy(() -> DriverManager.getConnection(url, user, password).close())
        .as("%s with a wrong password", user)
        .isInstanceOfSatisfying(
            java.sql.SQLException.class, e -> assertThat(e.getSQLState()).isIn("28P01", "08004"));
  }

  /**
   * Every catalogue topic exists with its partitions and settings before any service starts, and
   * nothing else is created on first use: the broker refuses unknown topics, as in compose and k8s.
   */
  private static void assertCatalogueTopicsExist(LocalPlatform platform) throws Exception {
    try (Admin admin =
        Admin.create(
            Map.<String, Object>of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, platform.kafkaBootstrapServers()))) {
      Map<String, TopicDescription> topics =
          admin
              .describeTopics(List.of("trading.events.v1", "listings.events.v1.dlt"))
              .allTopicNames()
              .get(30, TimeUnit.SECONDS);
      assertThat(topics.get("trading.events.v1").partitions()).hasSize(12);
      assertThat(topics.get("listings.events.v1.dlt").partitions()).hasSize(1);
      ConfigResource orders = new ConfigResource(ConfigResource.Type.TOPIC, "trading.orders.v1");
      assertThat(
              admin
                  .describeConfigs(List.of(orders))
                  .all()
                  .get(30, TimeUnit.SECONDS)
                  .get(orders)
                  .get("retention.ms")
                  .value())
          .isEqualTo("-1");
      admin
          .createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1)))
          .all()
          .get(30, TimeUnit.SECONDS);
    }
  }

  private static void assertNothingRunning(List<Long> pids) throws Exception {
    for (long pid : pids) {
      assertThat(running(pid)).as("process %d after close: %s", pid, describe(pid)).isFalse();
    }
    assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
        .as("children of the test JVM after close")
        .isEmpty();
  }

  /** Running = exists and is not a zombie waiting for a parent (not us) to reap it. */
  private static boolean running(long pid) throws Exception {
    Path stat = Path.of("/proc/" + pid + "/stat");
    if (!java.nio.file.Files.exists(stat)) {
      return false;
    }
    String text = java.nio.file.Files.readString(stat);
    String state = text.substring(text.lastIndexOf(')') + 2, text.lastIndexOf(')') + 3);
    return !state.equals("Z") && !state.equals("X");
  }

  private static String describe(long pid) {
    return ProcessHandle.of(pid).map(p -> p.info().toString()).orElse("gone");
  }

  private static Connection connect(LocalPlatform platform, String db) throws Exception {
    return DriverManager.getConnection(platform.jdbcUrl(db), db, platform.databasePassword(db));
  }

  private static String queryOne(LocalPlatform platform, String db, String sql) throws Exception {
    try (Connection c = connect(platform, db);
        Statement s = c.createStatement();
        ResultSet rows = s.executeQuery(sql)) {
      assertThat(rows.next()).isTrue();
      return rows.getString(1);
    }
  }

  private static void execute(LocalPlatform platform, String db, String sql) throws Exception {
    try (Connection c = connect(platform, db);
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  private static void produce(LocalPlatform platform, String key, String value) throws Exception {
    Map<String, Object> config =
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            platform.kafkaBootstrapServers(),
            ProducerConfig.ACKS_CONFIG,
            "all",
            ProducerConfig.MAX_BLOCK_MS_CONFIG,
            30_000);
    try (KafkaProducer<String, String> producer =
        new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
      producer.send(new ProducerRecord<>(TOPIC, key, value)).get();
    }
  }

  /** Reads the topic from the start with a fresh group; returns the value stored under key. */
  private static String consume(LocalPlatform platform, String key) {
    Properties config = new Properties();
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, platform.kafkaBootstrapServers());
    config.put(ConsumerConfig.GROUP_ID_CONFIG, "it-" + UUID.randomUUID());
    config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
      consumer.subscribe(List.of(TOPIC));
      List<ConsumerRecord<String, String>> seen = new ArrayList<>();
      long deadline = System.nanoTime() + Duration.ofSeconds(45).toNanos();
      while (System.nanoTime() < deadline) {
        for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
          seen.add(record);
          if (key.equals(record.key())) {
            return record.value();
          }
        }
      }
      throw new AssertionError("record " + key + " not consumed; saw " + seen.size() + " others");
    }
  }
}
