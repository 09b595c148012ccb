package io.equitoken.deploy;

import static io.equitoken.deploy.Yamls.at;
import static io.equitoken.deploy.Yamls.mapAt;
import static io.equitoken.deploy.Yamls.mapsAt;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Renders k8s/base and every overlay and checks them against the rules and docs/conventions.md. */
class K8sOverlaysTest {

  static final Path ROOT = RepositoryRoot.get();
  static final Path K8S = ROOT.resolve("k8s");
  static final Conventions CONVENTIONS = Conventions.read(ROOT);

  static List<Map<String, Object>> render(String kustomization) {
    return new KustomizeRenderer().render(K8S.resolve(kustomization));
  }

  @ParameterizedTest
  @ValueSource(strings = {"base", "overlays/local", "overlays/prod"})
  void shouldRenderWorkloadsThatMeetEveryRule(String kustomization) {
    List<Map<String, Object>> resources = render(kustomization);

    assertThat(Resources.ofKind(resources, "Deployment")).isNotEmpty();
    assertThat(WorkloadRules.check(resources)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"base", "overlays/local", "overlays/prod"})
  void shouldPutEveryNamespacedResourceIntoTheEquitokenNamespace(String kustomization) {
    for (Map<String, Object> resource : render(kustomization)) {
      if (!"Namespace".equals(Resources.kind(resource))) {
        assertThat(Resources.namespace(resource)).as(Resources.id(resource)).isEqualTo("equitoken");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"base", "overlays/local", "overlays/prod"})
  void shouldUseThePortsOfTheConventions(String kustomization) {
    List<Map<String, Object>> resources = render(kustomization);

    for (Map<String, Object> deployment : Resources.ofKind(resources, "Deployment")) {
      String name = Resources.name(deployment);
      int port = CONVENTIONS.module(name).orElseThrow().port();
      Map<String, Object> container =
          mapsAt(deployment, "spec", "template", "spec", "containers").get(0);
      assertThat(mapsAt(container, "ports"))
          .extracting(p -> p.get("containerPort"))
          .containsExactly(port);
      assertThat(mapsAt(Resources.get(resources, "Service", name), "spec", "ports"))
          .extracting(p -> p.get("port"))
          .containsExactly(port);
      assertThat(at(Resources.get(resources, "ConfigMap", name + "-config"), "data", "SERVER_PORT"))
          .isEqualTo(String.valueOf(port));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"base", "overlays/local", "overlays/prod"})
  void shouldLogOneJsonObjectPerLine(String kustomization) {
    List<Map<String, Object>> resources = render(kustomization);

    for (Map<String, Object> deployment : Resources.ofKind(resources, "Deployment")) {
      String name = Resources.name(deployment);
      assertThat(
              at(
                  Resources.get(resources, "ConfigMap", name + "-config"),
                  "data",
                  "EQUITOKEN_LOG_FORMAT"))
          .as(name + " (docs/observability.md: JSON on Kubernetes)")
          .isEqualTo("ecs");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"base", "overlays/local", "overlays/prod"})
  void shouldGiveEveryServiceOnlyItsOwnDatabase(String kustomization) {
    List<Map<String, Object>> resources = render(kustomization);

    for (Map<String, Object> deployment : Resources.ofKind(resources, "Deployment")) {
      String name = Resources.name(deployment);
      String database = CONVENTIONS.module(name).orElseThrow().database();
      Map<String, Object> config =
          mapAt(Resources.get(resources, "ConfigMap", name + "-config"), "data");
      Map<String, Object> container =
          mapsAt(deployment, "spec", "template", "spec", "containers").get(0);
      Set<Object> secrets = new HashSet<>();
      mapsAt(container, "env")
          .forEach(e -> secrets.add(at(e, "valueFrom", "secretKeyRef", "name")));
      if (database == null) {
        assertThat(config).doesNotContainKey("SPRING_R2DBC_URL");
        continue;
      }
      assertThat(config.get("SPRING_R2DBC_URL"))
          .isEqualTo("r2dbc:postgresql://" + database + "-db-rw:5432/" + database);
      assertThat(config.get("SPRING_FLYWAY_URL"))
          .isEqualTo("jdbc:postgresql://" + database + "-db-rw:5432/" + database);
      assertThat(secrets).contains(database + "-db-app");
      assertThat(secrets)
          .noneMatch(
              s ->
                  s != null && s.toString().endsWith("-db-app") && !s.equals(database + "-db-app"));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"overlays/local", "overlays/prod"})
  void shouldDocumentEverySecretThatTheOverlayDoesNotCreate(String kustomization)
      throws IOException {
    List<Map<String, Object>> resources = render(kustomization);
    String operations = Files.readString(ROOT.resolve("docs/operations.md"));
    Set<String> referenced = new HashSet<>();
    for (Map<String, Object> deployment : Resources.ofKind(resources, "Deployment")) {
      Map<String, Object> pod = mapAt(deployment, "spec", "template", "spec");
      for (Map<String, Object> container : mapsAt(pod, "containers")) {
        mapsAt(container, "env").stream()
            .map(e -> at(e, "valueFrom", "secretKeyRef", "name"))
            .filter(n -> n != null)
            .forEach(n -> referenced.add(n.toString()));
      }
      mapsAt(pod, "volumes").stream()
          .map(v -> at(v, "secret", "secretName"))
          .filter(n -> n != null)
          .forEach(n -> referenced.add(n.toString()));
    }
    for (String secret : referenced) {
      boolean rendered = Resources.find(resources, "Secret", secret).isPresent();
      boolean madeByCloudNativePg =
          secret.endsWith("-app")
              && Resources.find(resources, "Cluster", secret.substring(0, secret.length() - 4))
                  .isPresent();
      if (!rendered && !madeByCloudNativePg) {
        assertThat(operations).as("docs/operations.md names Secret " + secret).contains(secret);
      }
    }
  }

  @Test
  void shouldRunOneSmallReplicaOfEachServiceWithInClusterKafkaAndPostgresLocally() {
    List<Map<String, Object>> resources = render("overlays/local");

    for (Map<String, Object> deployment : Resources.ofKind(resources, "Deployment")) {
      assertThat(at(deployment, "spec", "replicas")).isEqualTo(1);
      Map<String, Object> container =
          mapsAt(deployment, "spec", "template", "spec", "containers").get(0);
      assertThat(container.get("image"))
          .isEqualTo("equitoken/" + Resources.name(deployment) + ":0.1.0-local");
      assertThat(at(container, "resources", "requests", "cpu")).isEqualTo("100m");
    }
    assertThat(at(Resources.get(resources, "KafkaNodePool", "dual-role"), "spec", "replicas"))
        .isEqualTo(1);
    assertThat(at(Resources.get(resources, "Kafka", "equitoken-kafka"), "spec", "kafka", "config"))
        .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
        .containsEntry("default.replication.factor", 1)
        .containsEntry("min.insync.replicas", 1);
    for (Map<String, Object> cluster : Resources.ofKind(resources, "Cluster")) {
      assertThat(at(cluster, "spec", "instances")).isEqualTo(1);
    }
    assertThat(Resources.ofKind(resources, "NetworkPolicy")).isEmpty();
  }

  @Test
  void shouldRunThreeReplicasWithPdbMinAvailableAndHpaInProd() {
    List<Map<String, Object>> resources = render("overlays/prod");

    for (Map<String, Object> deployment : Resources.ofKind(resources, "Deployment")) {
      String name = Resources.name(deployment);
      assertThat(at(deployment, "spec", "replicas")).as(name).isEqualTo(3);
      Map<String, Object> pdb =
          mapAt(Resources.get(resources, "PodDisruptionBudget", name), "spec");
      assertThat(pdb).as(name).containsEntry("minAvailable", 2).doesNotContainKey("maxUnavailable");
      Map<String, Object> hpa =
          mapAt(Resources.get(resources, "HorizontalPodAutoscaler", name), "spec");
      assertThat((Integer) hpa.get("maxReplicas")).as(name).isGreaterThan(3);
      Map<String, Object> container =
          mapsAt(deployment, "spec", "template", "spec", "containers").get(0);
      assertThat(container.get("image")).isEqualTo("ghcr.io/equitoken/" + name + ":0.1.0");
    }
  }

  /**
   * Production Kafka keeps every acknowledged record through the loss of a broker
   * (docs/operations.md, "What Kafka survives"): 3 replicas, 2 in sync before a write counts,
   * producers waiting for them, no unclean leader election.
   */
  @Test
  void shouldKeepAcknowledgedRecordsThroughTheLossOfABrokerInProd() {
    List<Map<String, Object>> resources = render("overlays/prod");

    assertThat(at(Resources.get(resources, "KafkaNodePool", "dual-role"), "spec", "replicas"))
        .isEqualTo(3);
    assertThat(at(Resources.get(resources, "Kafka", "equitoken-kafka"), "spec", "kafka", "config"))
        .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
        .containsEntry("default.replication.factor", 3)
        .containsEntry("min.insync.replicas", 2)
        .containsEntry("unclean.leader.election.enable", false)
        .containsEntry("offsets.topic.replication.factor", 3)
        .containsEntry("transaction.state.log.replication.factor", 3)
        .containsEntry("transaction.state.log.min.isr", 2);
    for (Map<String, Object> config : Resources.ofKind(resources, "ConfigMap")) {
      Map<String, Object> data = mapAt(config, "data");
      if (data != null && data.containsKey("SPRING_KAFKA_BOOTSTRAP_SERVERS")) {
        assertThat(data)
            .as(Resources.name(config))
            .containsEntry("SPRING_KAFKA_PRODUCER_ACKS", "all");
      }
    }
  }

  /**
   * Every service with a Kafka consumer group names its instance by its pod name, for static group
   * membership: a container restarted in its pod rejoins its groups at once.
   */
  @ParameterizedTest
  @ValueSource(strings = {"overlays/local", "overlays/prod"})
  void shouldNameEveryConsumerInstanceByItsPodName(String overlay) throws IOException {
    List<Map<String, Object>> resources = render(overlay);
    Set<String> consumers = new HashSet<>();
    for (Map<String, Object> deployment : Resources.ofKind(resources, "Deployment")) {
      String name = Resources.name(deployment);
      Path config = ROOT.resolve(name).resolve("src/main/resources/application.yml");
      if (Files.exists(config) && Files.readString(config).contains("group-id:")) {
        consumers.add(name);
        Map<String, Object> container =
            mapsAt(deployment, "spec", "template", "spec", "containers").get(0);
        assertThat(mapsAt(container, "env"))
            .as(name)
            .anySatisfy(
                e -> {
                  assertThat(e.get("name")).isEqualTo("EQUITOKEN_INSTANCE_ID");
                  assertThat(at(e, "valueFrom", "fieldRef", "fieldPath"))
                      .isEqualTo("metadata.name");
                });
      }
    }
    assertThat(consumers).contains("trading-service", "portfolio-service", "webhook-service");
  }

  @Test
  void shouldServeTheMountedCertificateFromTheGatewayInProd() {
    List<Map<String, Object>> resources = render("overlays/prod");

    Map<String, Object> config =
        mapAt(Resources.get(resources, "ConfigMap", "gateway-config"), "data");
    assertThat(config)
        .containsEntry("SERVER_SSL_KEY_STORE", "file:/etc/equitoken/tls/gateway.p12")
        .containsEntry("SERVER_SSL_KEY_STORE_TYPE", "PKCS12")
        .doesNotContainKey("EQUITOKEN_GATEWAY_TLS_SELF_SIGNED_DIR");
    Map<String, Object> pod =
        mapAt(Resources.get(resources, "Deployment", "gateway"), "spec", "template", "spec");
    assertThat(mapsAt(pod, "volumes"))
        .anySatisfy(v -> assertThat(at(v, "secret", "secretName")).isEqualTo("gateway-tls"));
    Map<String, Object> container = mapsAt(pod, "containers").get(0);
    assertThat(mapsAt(container, "volumeMounts"))
        .anySatisfy(
            m -> {
              assertThat(m.get("mountPath")).isEqualTo("/etc/equitoken/tls");
              assertThat(m.get("readOnly")).isEqualTo(true);
            });
    assertThat(mapsAt(container, "env"))
        .anySatisfy(
            e -> {
              assertThat(e.get("name")).isEqualTo("SERVER_SSL_KEY_STORE_PASSWORD");
              assertThat(at(e, "valueFrom", "secretKeyRef", "name")).isEqualTo("gateway-tls");
            });
    assertThat(at(container, "startupProbe", "httpGet", "scheme")).isEqualTo("HTTPS");
    assertThat(at(container, "readinessProbe", "httpGet", "scheme")).isEqualTo("HTTPS");
  }

  @Test
  void shouldDeclareEveryKafkaTopicAndItsDeadLetterTopicForStrimzi() {
    List<Map<String, Object>> resources = render("overlays/prod");

    Map<String, Object> kafka = Resources.get(resources, "Kafka", "equitoken-kafka");
    assertThat(at(kafka, "spec", "zookeeper")).isNull();
    Map<String, Object> pool = Resources.get(resources, "KafkaNodePool", "dual-role");
    assertThat(at(pool, "metadata", "labels", "strimzi.io/cluster")).isEqualTo("equitoken-kafka");
    assertThat(Yamls.listAt(pool, "spec", "roles"))
        .containsExactlyInAnyOrder("controller", "broker");
    assertThat(at(pool, "spec", "replicas")).isEqualTo(3);
    List<Object> topics =
        Resources.ofKind(resources, "KafkaTopic").stream()
            .map(t -> at(t, "spec", "topicName"))
            .toList();
    for (String domain : List.of("identity", "listings", "compliance", "trading", "portfolio")) {
      assertThat(topics).contains(domain + ".events.v1", domain + ".events.v1.dlt");
    }
    assertThat(Resources.ofKind(resources, "KafkaTopic"))
        .allSatisfy(
            t ->
                assertThat(at(t, "metadata", "labels", "strimzi.io/cluster"))
                    .isEqualTo("equitoken-kafka"));
  }

  /**
   * Strimzi declares exactly the topics of the catalogue that compose and platform-local create
   * (deploy/kafka/topics.txt), with the catalogue's settings; trading's partition count matches.
   */
  @Test
  void shouldDeclareForStrimziExactlyTheTopicsOfTheLocalCatalogue() throws Exception {
    Map<String, Map<String, Object>> strimzi = new java.util.TreeMap<>();
    for (Map<String, Object> t : Resources.ofKind(render("overlays/prod"), "KafkaTopic")) {
      strimzi.put(String.valueOf(at(t, "spec", "topicName")), t);
    }
    Map<String, String[]> catalogue = new java.util.TreeMap<>();
    for (String line : Files.readAllLines(ROOT.resolve("deploy/kafka/topics.txt"))) {
      if (!line.isBlank() && !line.startsWith("#")) {
        String[] columns = line.trim().split("\\s+");
        catalogue.put(columns[0], columns);
      }
    }

    assertThat(strimzi.keySet()).isEqualTo(catalogue.keySet());
    catalogue.forEach(
        (topic, columns) -> {
          if ("trading".equals(columns[1])) {
            assertThat(at(strimzi.get(topic), "spec", "partitions")).as(topic).isEqualTo(12);
          }
          if (!"-".equals(columns[2])) {
            for (String pair : columns[2].split(",")) {
              String[] kv = pair.split("=", 2);
              assertThat(String.valueOf(at(strimzi.get(topic), "spec", "config", kv[0])))
                  .as(topic + " " + kv[0])
                  .isEqualTo(kv[1]);
            }
          }
        });
  }

  @Test
  void shouldGiveEachServiceWithADatabaseItsOwnCloudNativePgCluster() {
    List<Map<String, Object>> resources = render("overlays/prod");

    for (Map<String, Object> deployment : Resources.ofKind(resources, "Deployment")) {
      String database = CONVENTIONS.module(Resources.name(deployment)).orElseThrow().database();
      if (database != null) {
        Map<String, Object> cluster = Resources.get(resources, "Cluster", database + "-db");
        assertThat(at(cluster, "spec", "bootstrap", "initdb", "database")).isEqualTo(database);
        assertThat(at(cluster, "spec", "bootstrap", "initdb", "owner")).isEqualTo(database);
        assertThat(at(cluster, "spec", "instances")).isEqualTo(3);
        assertThat(String.valueOf(at(cluster, "spec", "imageName"))).matches(".*:\\d+\\.\\d+.*");
      }
    }
  }

  @Test
  void shouldKeepEveryK8sFileReferencedByAKustomization() throws IOException {
    Set<Path> referenced = new HashSet<>();
    try (Stream<Path> files = Files.walk(K8S)) {
      for (Path kustomization :
          files.filter(f -> f.getFileName().toString().equals("kustomization.yaml")).toList()) {
        referenced.add(kustomization);
        Map<String, Object> content = Yamls.loadMap(kustomization);
        for (String field : List.of("resources", "components")) {
          Yamls.listAt(content, field)
              .forEach(
                  e -> referenced.add(kustomization.getParent().resolve(e.toString()).normalize()));
        }
        Yamls.mapsAt(content, "patches").stream()
            .filter(p -> p.get("path") != null)
            .forEach(
                p ->
                    referenced.add(
                        kustomization.getParent().resolve(p.get("path").toString()).normalize()));
      }
    }
    try (Stream<Path> files = Files.walk(K8S)) {
      assertThat(files.filter(Files::isRegularFile).filter(f -> !referenced.contains(f)).toList())
          .as("files under k8s/ that no kustomization uses")
          .isEmpty();
    }
  }
}
