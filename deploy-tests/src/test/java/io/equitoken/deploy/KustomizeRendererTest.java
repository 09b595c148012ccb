package io.equitoken.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KustomizeRendererTest {

  private static final Path FIXTURES = Path.of("src/test/resources/fixtures/kustomize");

  private final KustomizeRenderer renderer = new KustomizeRenderer();

  @Test
  void shouldApplyComponentsPatchesImagesAndNamespace() {
    // given the fixture overlay: base + component + strategic-merge patches + images
    // when
    List<Map<String, Object>> resources = renderer.render(FIXTURES.resolve("good/overlay"));

    // then
    assertThat(resources).extracting(Resources::id).contains("NetworkPolicy/default-deny-all");
    assertThat(resources).allSatisfy(r -> assertThat(Resources.namespace(r)).isEqualTo("demo"));
    Map<String, Object> deployment = Resources.get(resources, "Deployment", "demo");
    assertThat(Yamls.at(deployment, "spec", "replicas")).isEqualTo(3);
    Map<String, Object> container =
        Yamls.mapsAt(deployment, "spec", "template", "spec", "containers").get(0);
    assertThat(container.get("image")).isEqualTo("registry.example/team/demo:1.2.3");
    assertThat(Yamls.at(container, "resources", "limits", "memory")).isEqualTo("512Mi");
    assertThat(Yamls.at(container, "resources", "limits", "cpu")).isEqualTo("200m");
    assertThat(Yamls.mapsAt(container, "volumeMounts"))
        .extracting(m -> m.get("name"))
        .containsExactly("tls", "tmp");
    assertThat(Yamls.mapAt(Resources.get(resources, "ConfigMap", "demo-config"), "data"))
        .doesNotContainKey("OBSOLETE")
        .containsKey("SERVER_PORT");
    assertThat(Yamls.mapAt(Resources.get(resources, "PodDisruptionBudget", "demo"), "spec"))
        .doesNotContainKey("maxUnavailable")
        .containsEntry("minAvailable", 2);
    assertThat(
            Yamls.at(
                Resources.get(resources, "HorizontalPodAutoscaler", "demo"), "spec", "minReplicas"))
        .isEqualTo(3);
  }

  @Test
  void shouldFindNoViolationInTheHardenedFixture() {
    List<Map<String, Object>> resources = renderer.render(FIXTURES.resolve("good/overlay"));

    assertThat(WorkloadRules.check(resources)).isEmpty();
  }

  @Test
  void shouldRejectAResourceFileThatDoesNotExist() {
    assertThatThrownBy(() -> renderer.render(FIXTURES.resolve("missing-resource")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("deployment.yaml")
        .hasMessageContaining("does not exist");
  }

  @Test
  void shouldRejectAPatchThatMatchesNoResource() {
    assertThatThrownBy(() -> renderer.render(FIXTURES.resolve("unmatched-patch")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no resource matches patch Deployment/ghost");
  }

  @Test
  void shouldRejectKustomizeFieldsItDoesNotImplement(@TempDir Path dir) throws IOException {
    Files.writeString(
        dir.resolve("kustomization.yaml"),
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamePrefix: x-\n");

    assertThatThrownBy(() -> renderer.render(dir))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("namePrefix");
  }

  @Test
  void shouldRejectYamlThatDoesNotParse(@TempDir Path dir) throws IOException {
    Files.writeString(
        dir.resolve("kustomization.yaml"),
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - a.yaml\n");
    Files.writeString(dir.resolve("a.yaml"), "kind: ConfigMap\nmetadata:\n  name: a\n  name: b\n");

    assertThatThrownBy(() -> renderer.render(dir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot parse");
  }

  @Test
  void shouldReportEveryBrokenRuleOfAnInsecureWorkload() {
    List<Map<String, Object>> resources = renderer.render(FIXTURES.resolve("insecure"));

    List<String> violations = WorkloadRules.check(resources);

    assertThat(violations)
        .contains(
            "insecure: no serviceAccountName (would run as the namespace's default account)",
            "insecure/insecure: runAsNonRoot is not true",
            "insecure/insecure: allowPrivilegeEscalation is not false",
            "insecure/insecure: privileged",
            "insecure/insecure: readOnlyRootFilesystem is not true",
            "insecure/insecure: capabilities do not drop ALL",
            "insecure/insecure: seccompProfile is not RuntimeDefault",
            "insecure/insecure: no livenessProbe (httpGet)",
            "insecure/insecure: no resources.limits.memory",
            "insecure/insecure: image registry.example/insecure:latest uses :latest",
            "insecure/insecure: API_KEY is not taken from a Secret (secretKeyRef)",
            "insecure: no Service selects its pods",
            "insecure: no PodDisruptionBudget selects its pods",
            "insecure: no HorizontalPodAutoscaler targets it",
            "ConfigMap insecure-config: SPRING_R2DBC_PASSWORD looks like a secret; keep it in a Secret",
            "ConfigMap insecure-config: SPRING_FLYWAY_URL carries credentials in its value");
  }

  @Test
  void shouldTellSecretKeyNamesFromSettingsThatMerelyMentionAKey() {
    assertThat(WorkloadRules.isSensitiveKey("SPRING_R2DBC_PASSWORD")).isTrue();
    assertThat(WorkloadRules.isSensitiveKey("EQUITOKEN_BOOTSTRAP_API_KEY")).isTrue();
    assertThat(WorkloadRules.isSensitiveKey("EQUITOKEN_BOOTSTRAP_SECRET")).isTrue();
    assertThat(WorkloadRules.isSensitiveKey("SERVER_SSL_KEY_STORE_PASSWORD")).isTrue();
    assertThat(WorkloadRules.isSensitiveKey("SERVER_SSL_KEY_STORE")).isFalse();
    assertThat(WorkloadRules.isSensitiveKey("SERVER_SSL_KEY_STORE_TYPE")).isFalse();
    assertThat(WorkloadRules.isSensitiveKey("EQUITOKEN_SECURITY_JWKS_URI")).isFalse();
  }

  @Test
  void shouldAcceptABooleanSwitchWhoseNameMentionsAKey() {
    assertThat(WorkloadRules.isBooleanFlag("true")).isTrue();
    assertThat(WorkloadRules.isBooleanFlag("false")).isTrue();
    assertThat(WorkloadRules.isBooleanFlag("bG9jYWwtZGVtby1kb2N1bWVudC1rZXk=")).isFalse();
    assertThat(WorkloadRules.isBooleanFlag(null)).isFalse();
  }

  @Test
  void shouldTreatAnUntaggedImageAsLatest() {
    List<String> violations = new java.util.ArrayList<>();

    WorkloadRules.checkImage("x", "ghcr.io/equitoken/gateway", violations);
    WorkloadRules.checkImage("y", "localhost:5000/gateway", violations);
    WorkloadRules.checkImage("z", "ghcr.io/equitoken/gateway@sha256:abc", violations);

    assertThat(violations)
        .containsExactly(
            "x: image ghcr.io/equitoken/gateway has no tag (means :latest)",
            "y: image localhost:5000/gateway has no tag (means :latest)");
  }
}
