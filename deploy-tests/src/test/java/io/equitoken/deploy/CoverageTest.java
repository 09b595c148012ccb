package io.equitoken.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every runnable service of docs/conventions.md is deployed by compose and k8s, and nothing else.
 */
class CoverageTest {

  static final Path ROOT = RepositoryRoot.get();
  static final Conventions CONVENTIONS = Conventions.read(ROOT);

  /**
   * Services that must be deployed: a Spring Boot kind in the table, or a Spring Boot module POM.
   */
  static List<String> builtServices() throws IOException {
    List<String> built = new java.util.ArrayList<>();
    for (Conventions.Module module : CONVENTIONS.services()) {
      Path pom = ROOT.resolve(module.name()).resolve("pom.xml");
      boolean springBootPom =
          Files.isRegularFile(pom) && Files.readString(pom).contains("spring-boot");
      if (Files.isRegularFile(pom) && (springBootPom || module.isSpringBootKind())) {
        built.add(module.name());
      }
    }
    return built;
  }

  @Test
  void shouldDeployEveryBuiltServiceWithComposeAndKubernetes() throws IOException {
    List<String> built = builtServices();
    List<Map<String, Object>> base = new KustomizeRenderer().render(ROOT.resolve("k8s/base"));

    assertThat(built)
        .contains("gateway", "identity-service", "listings-service", "compliance-service");
    for (String service : built) {
      assertThat(ComposeTest.services()).as("docker-compose.yml").containsKey(service);
      assertThat(Resources.find(base, "Deployment", service))
          .as("k8s/base Deployment " + service)
          .isPresent();
      assertThat(ROOT.resolve("k8s/base").resolve(service)).isDirectory();
    }
  }

  @Test
  void shouldDeployOnlyServicesThatTheConventionsName() {
    List<Map<String, Object>> base = new KustomizeRenderer().render(ROOT.resolve("k8s/base"));

    for (Map<String, Object> deployment : Resources.ofKind(base, "Deployment")) {
      assertThat(CONVENTIONS.module(Resources.name(deployment)))
          .as(Resources.id(deployment))
          .isPresent();
    }
    for (String service : ComposeTest.applicationServices()) {
      assertThat(CONVENTIONS.module(service)).as("compose service " + service).isPresent();
    }
  }

  @Test
  void shouldReadTheModuleTableOfTheConventions() {
    Conventions.Module gateway = CONVENTIONS.module("gateway").orElseThrow();
    assertThat(gateway.port()).isEqualTo(8443);
    assertThat(gateway.database()).isNull();
    assertThat(CONVENTIONS.module("trading-service").orElseThrow().database()).isEqualTo("trading");
    assertThat(CONVENTIONS.module("trading-engine").orElseThrow().isService()).isFalse();
  }

  @Test
  void shouldDocumentTheArchitectureDecisionsAndOperations() throws IOException {
    String architecture = Files.readString(ROOT.resolve("docs/architecture.md"));
    try (var adrs = Files.list(ROOT.resolve("docs/adr"))) {
      List<Path> files =
          adrs.filter(f -> f.getFileName().toString().matches("\\d{4}-.*\\.md")).toList();
      assertThat(files).hasSizeGreaterThanOrEqualTo(6);
      for (Path adr : files) {
        assertThat(architecture)
            .as("architecture.md links " + adr.getFileName())
            .contains(adr.getFileName().toString());
        assertThat(Files.readString(adr)).contains("## Status", "## Decision", "## Consequences");
      }
    }
    assertThat(Files.readString(ROOT.resolve("docs/operations.md")))
        .contains(
            "docker compose",
            "kubectl apply -k k8s/overlays/prod",
            "./mvnw -B -DskipTests package");
  }
}
