package io.equitoken.deploy;

import static io.equitoken.deploy.Yamls.at;
import static io.equitoken.deploy.Yamls.listAt;
import static io.equitoken.deploy.Yamls.mapAt;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Reads docker-compose.yml (no Docker engine here) and checks it against docs/conventions.md. */
class ComposeTest {

  static final Path ROOT = RepositoryRoot.get();
  static final Conventions CONVENTIONS = Conventions.read(ROOT);
  static final Map<String, Object> COMPOSE = Yamls.loadMap(ROOT.resolve("docker-compose.yml"));
  static final Set<String> INFRASTRUCTURE = Set.of("kafka", "kafka-init", "postgres");

  static Map<String, Object> services() {
    return mapAt(COMPOSE, "services");
  }

  static Map<String, Object> service(String name) {
    return mapAt(services(), name);
  }

  static List<String> applicationServices() {
    return services().keySet().stream().filter(s -> !INFRASTRUCTURE.contains(s)).toList();
  }

  @Test
  void shouldRunKafkaInKraftModeAndPostgresFromPinnedOfficialImages() {
    assertThat(service("kafka").get("image")).isEqualTo("apache/kafka:4.1.2");
    assertThat(service("postgres").get("image")).isEqualTo("postgres:17.5");
    Map<String, Object> kafkaEnv = mapAt(service("kafka"), "environment");
    assertThat(String.valueOf(kafkaEnv.get("KAFKA_PROCESS_ROLES")))
        .contains("broker", "controller");
    assertThat(kafkaEnv.keySet()).noneMatch(k -> k.contains("ZOOKEEPER"));
    assertThat(kafkaEnv.get("KAFKA_ADVERTISED_LISTENERS")).isEqualTo("PLAINTEXT://kafka:9092");
  }

  /**
   * One broker, one copy: compose states what applies of production's durability settings
   * (docs/operations.md, "What Kafka survives") and gives each consumer a stable instance id.
   */
  @Test
  void shouldStateKafkaDurabilityAndStableConsumerInstanceIds() throws IOException {
    Map<String, Object> kafkaEnv = mapAt(service("kafka"), "environment");
    assertThat(kafkaEnv)
        .containsEntry("KAFKA_UNCLEAN_LEADER_ELECTION_ENABLE", "false")
        .containsEntry("KAFKA_MIN_INSYNC_REPLICAS", "1");
    for (String name : applicationServices()) {
      Map<String, Object> env = mapAt(service(name), "environment");
      assertThat(env).as(name).containsEntry("SPRING_KAFKA_PRODUCER_ACKS", "all");
      Path config = ROOT.resolve(name).resolve("src/main/resources/application.yml");
      if (Files.exists(config) && Files.readString(config).contains("group-id:")) {
        assertThat(env).as(name).containsEntry("EQUITOKEN_INSTANCE_ID", name);
      }
    }
  }

  @Test
  void shouldPinEveryImageTag() {
    for (String name : services().keySet()) {
      List<String> violations = new java.util.ArrayList<>();
      WorkloadRules.checkImage(name, String.valueOf(service(name).get("image")), violations);
      assertThat(violations).isEmpty();
    }
  }

  @Test
  void shouldBuildEveryApplicationFromTheGenericDockerfile() {
    for (String name : applicationServices()) {
      Map<String, Object> build = mapAt(service(name), "build");
      assertThat(build.get("context")).as(name).isEqualTo(".");
      assertThat(build.get("dockerfile")).as(name).isEqualTo("deploy/Dockerfile");
      assertThat(at(build, "args", "MODULE")).as(name).isEqualTo(name);
      assertThat(service(name).get("read_only")).as(name).isEqualTo(true);
      assertThat(listAt(service(name), "cap_drop")).as(name).contains("ALL");
    }
  }

  @Test
  void shouldHealthCheckEveryServiceOnItsActuatorPort() {
    for (String name : services().keySet()) {
      if (name.equals("kafka-init")) {
        continue;
      }
      Map<String, Object> healthcheck = mapAt(service(name), "healthcheck");
      assertThat(listAt(healthcheck, "test")).as(name + " healthcheck").isNotEmpty();
    }
    for (String name : applicationServices()) {
      int port = CONVENTIONS.module(name).orElseThrow().port();
      String test =
          String.join(
              " ",
              listAt(mapAt(service(name), "healthcheck"), "test").stream()
                  .map(String::valueOf)
                  .toList());
      String scheme = name.equals("gateway") ? "https" : "http";
      assertThat(test).as(name).contains(scheme + "://localhost:" + port + "/actuator/health");
    }
  }

  @Test
  void shouldStartServicesOnlyAfterTheirDependenciesAreHealthy() {
    for (String name : services().keySet()) {
      Object dependsOn = service(name).get("depends_on");
      if (dependsOn == null) {
        continue;
      }
      assertThat(dependsOn)
          .as(name + " depends_on needs conditions (long form)")
          .isInstanceOf(Map.class);
      Map<String, Object> dependencies = mapAt(service(name), "depends_on");
      dependencies.forEach(
          (dependency, spec) -> {
            assertThat(services())
                .as(name + " depends on a defined service")
                .containsKey(dependency);
            String expected =
                dependency.equals("kafka-init")
                    ? "service_completed_successfully"
                    : "service_healthy";
            assertThat(at(Yamls.map(spec, dependency), "condition"))
                .as(name + " -> " + dependency)
                .isEqualTo(expected);
          });
    }
    for (String name : applicationServices()) {
      if (CONVENTIONS.module(name).orElseThrow().database() != null) {
        assertThat(mapAt(service(name), "depends_on")).as(name).containsKeys("postgres", "kafka");
      }
    }
  }

  @Test
  void shouldPublishOnlyTheGatewayOnHttps8443() {
    for (String name : services().keySet()) {
      List<Object> ports = listAt(service(name), "ports");
      if (name.equals("gateway")) {
        assertThat(ports).containsExactly("8443:8443");
      } else {
        assertThat(ports).as(name + " publishes no port").isEmpty();
      }
    }
  }

  @Test
  void shouldConfigureServicesAsTheConventionsSayWithComposeHostNames() {
    for (String name : applicationServices()) {
      Conventions.Module module = CONVENTIONS.module(name).orElseThrow();
      Map<String, Object> env = mapAt(service(name), "environment");
      assertThat(env.get("SERVER_PORT")).as(name).isEqualTo(String.valueOf(module.port()));
      assertThat(env.get("EQUITOKEN_SECURITY_JWKS_URI"))
          .isEqualTo("http://identity-service:8081/.well-known/jwks.json");
      assertThat(env.get("EQUITOKEN_SECURITY_AUDIENCE")).isEqualTo("equitoken-api");
      if (module.database() != null) {
        assertThat(env.get("SPRING_R2DBC_URL"))
            .isEqualTo("r2dbc:postgresql://postgres:5432/" + module.database());
        assertThat(env.get("SPRING_FLYWAY_URL"))
            .isEqualTo("jdbc:postgresql://postgres:5432/" + module.database());
        assertThat(env.get("SPRING_KAFKA_BOOTSTRAP_SERVERS")).isEqualTo("kafka:9092");
      }
    }
    Map<String, Object> gateway = mapAt(service("gateway"), "environment");
    for (String name : applicationServices()) {
      if (!name.equals("gateway")) {
        String variable =
            "EQUITOKEN_GATEWAY_" + name.replace("-service", "").toUpperCase(Locale.ROOT) + "_URI";
        assertThat(gateway.get(variable))
            .isEqualTo("http://" + name + ":" + CONVENTIONS.module(name).orElseThrow().port());
      }
    }
    assertThat(gateway.get("EQUITOKEN_GATEWAY_TLS_SELF_SIGNED_DIR"))
        .isEqualTo("/var/lib/equitoken/tls");
    assertThat(listAt(service("gateway"), "volumes"))
        .contains("gateway-tls:/var/lib/equitoken/tls");
  }

  @Test
  void shouldKeepSecretsOutOfTheComposeFileInMarkedDemoEnvFiles() throws IOException {
    for (String name : services().keySet()) {
      assertThat(mapAt(service(name), "environment").keySet())
          .as(name + " inline environment")
          .noneMatch(WorkloadRules::isSensitiveKey);
      for (Object envFile : listAt(service(name), "env_file")) {
        Path file = ROOT.resolve(envFile.toString());
        assertThat(file).exists();
        assertThat(Files.readString(file)).startsWith("# LOCAL DEMO VALUES ONLY");
      }
    }
  }

  @Test
  void shouldCreateTheDatabaseAndRoleOfEveryServiceWithTheSamePassword() throws IOException {
    Map<String, String> postgresEnv = envFile("deploy/compose/env/postgres.env");
    String init = Files.readString(ROOT.resolve("deploy/postgres/init-databases.sh"));
    assertThat(listAt(service("postgres"), "volumes"))
        .contains(
            "./deploy/postgres/init-databases.sh:/docker-entrypoint-initdb.d/10-init-databases.sh:ro");
    for (String name : applicationServices()) {
      String database = CONVENTIONS.module(name).orElseThrow().database();
      if (database == null) {
        continue;
      }
      String variable = database.toUpperCase(Locale.ROOT) + "_DB_PASSWORD";
      assertThat(init).contains("\ncreate_service_database " + database + " \"${" + variable);
      Map<String, String> serviceEnv = envFile("deploy/compose/env/" + name + ".env");
      assertThat(serviceEnv.get("SPRING_R2DBC_USERNAME")).isEqualTo(database);
      assertThat(serviceEnv.get("SPRING_R2DBC_PASSWORD"))
          .isEqualTo(postgresEnv.get(variable))
          .isNotBlank();
      assertThat(serviceEnv.get("SPRING_FLYWAY_PASSWORD")).isEqualTo(postgresEnv.get(variable));
    }
  }

  @Test
  void shouldMountOnlyFilesThatExist() {
    for (String name : services().keySet()) {
      for (Object volume : listAt(service(name), "volumes")) {
        String source = volume.toString().split(":")[0];
        if (source.startsWith("./")) {
          assertThat(ROOT.resolve(source)).as(name + " mounts " + source).exists();
        } else {
          assertThat(mapAt(COMPOSE, "volumes")).as("named volume " + source).containsKey(source);
        }
      }
    }
  }

  private static Map<String, String> envFile(String relative) throws IOException {
    Map<String, String> values = new LinkedHashMap<>();
    for (String line : Files.readAllLines(ROOT.resolve(relative))) {
      if (!line.isBlank() && !line.startsWith("#")) {
        int eq = line.indexOf('=');
        values.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    return values;
  }
}
