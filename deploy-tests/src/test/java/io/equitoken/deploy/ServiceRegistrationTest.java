package io.equitoken.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/adding-a-service.md, checked where it can be: every Spring Boot service module of the root
 * POM is registered in every place a service must be. All misses are reported together.
 */
class ServiceRegistrationTest {

  static final Path ROOT = RepositoryRoot.get();

  /**
   * Root POM modules that build a Spring Boot application: the domain services (their parent is
   * service-parent, which holds the Boot plugin) and the gateway (its own POM uses the plugin).
   */
  static List<String> serviceModules() throws IOException {
    List<String> modules = new ArrayList<>();
    for (String module : rootModules()) {
      Path pom = ROOT.resolve(module).resolve("pom.xml");
      if (Files.isRegularFile(pom)
          && !Files.readString(pom).contains("<packaging>pom</packaging>")
          && (domainService(module)
              || Files.readString(pom)
                  .contains("<artifactId>spring-boot-maven-plugin</artifactId>"))) {
        modules.add(module);
      }
    }
    return modules;
  }

  static List<String> rootModules() throws IOException {
    String rootPom = Files.readString(ROOT.resolve("pom.xml"));
    List<String> modules = new ArrayList<>();
    Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(rootPom);
    while (m.find()) {
      modules.add(m.group(1));
    }
    return modules;
  }

  /** A module whose parent is service-parent (docs/adding-a-service.md). */
  static boolean domainService(String module) throws IOException {
    Path pom = ROOT.resolve(module).resolve("pom.xml");
    return Files.isRegularFile(pom)
        && Files.readString(pom)
            .replaceAll("\\s+", "")
            .contains(
                "<parent><groupId>io.equitoken</groupId><artifactId>service-parent</artifactId>");
  }

  @Test
  void shouldBuildEveryServiceWithADatabaseOnTheServiceParent() throws IOException {
    List<String> withDatabase = new ArrayList<>();
    for (String module : serviceModules()) {
      if (Files.isDirectory(ROOT.resolve(module).resolve("src/main/resources/db/migration"))) {
        withDatabase.add(module);
      }
    }
    assertThat(withDatabase)
        .contains("identity-service", "listings-service", "trading-service", "webhook-service");
    for (String module : withDatabase) {
      assertThat(domainService(module)).as(module + "'s parent is service-parent").isTrue();
    }
  }

  /** A service with a public HTTP API declares a platform-web RoleMatrix. */
  static boolean servesAnApi(String module) throws IOException {
    Path sources = ROOT.resolve(module).resolve("src/main/java");
    if (!Files.isDirectory(sources)) {
      return false;
    }
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        if (Files.readString(file).contains("RoleMatrix.builder()")) {
          return true;
        }
      }
    }
    return false;
  }

  @Test
  void shouldFindTheServicesOfTheRootPom() throws IOException {
    assertThat(serviceModules())
        .contains("gateway", "identity-service", "listings-service", "compliance-service")
        .doesNotContain("trading-engine", "platform", "e2e-tests", "deploy-tests");
  }

  @Test
  void shouldRegisterEveryServiceEverywhereAServiceMustBe() throws IOException {
    String conventions = read("docs/conventions.md");
    String readme = read("README.md");
    String baseKustomization = read("k8s/base/kustomization.yaml");
    String localOverlay = read("k8s/overlays/local/kustomization.yaml");
    String prodOverlay = read("k8s/overlays/prod/kustomization.yaml");
    String networkPolicies =
        read("k8s/components/network-policies/services.yaml")
            + read("k8s/components/network-policies/gateway.yaml");
    String launcher = read("platform-local/src/main/java/io/equitoken/local/Services.java");
    String upstreams = read("gateway/src/main/java/io/equitoken/gateway/routing/Upstream.java");
    List<String> missing = new ArrayList<>();

    for (String service : serviceModules()) {
      check(
          missing,
          service,
          "docs/conventions.md module table",
          conventions.contains("| `" + service + "` | "));
      check(missing, service, "README.md layout table", readme.contains("| `" + service + "` |"));
      check(
          missing,
          service,
          "docker-compose.yml service",
          ComposeTest.services().containsKey(service));
      check(
          missing,
          service,
          "k8s/base/" + service + "/",
          Files.isDirectory(ROOT.resolve("k8s/base").resolve(service)));
      check(
          missing,
          service,
          "k8s/base/kustomization.yaml resources",
          baseKustomization.contains("- " + service));
      check(missing, service, "k8s/overlays/local image", localOverlay.contains("/" + service));
      check(missing, service, "k8s/overlays/prod image", prodOverlay.contains("/" + service));
      check(
          missing,
          service,
          "network policy",
          networkPolicies.contains("app.kubernetes.io/name: " + service));
      check(
          missing,
          service,
          "platform-local Services.ALL",
          launcher.contains("new ServiceDef(\"" + service + "\""));
      if (!service.equals("gateway") && servesAnApi(service)) {
        check(missing, service, "gateway Upstream", upstreams.contains("(\"" + service + "\""));
        check(
            missing,
            service,
            "contracts/openapi/" + service + ".yaml",
            Files.isRegularFile(ROOT.resolve("contracts/openapi").resolve(service + ".yaml")));
      }
    }
    assertThat(missing).as("see docs/adding-a-service.md").isEmpty();
  }

  private static void check(List<String> missing, String service, String place, boolean ok) {
    if (!ok) {
      missing.add(service + ": not in " + place);
    }
  }

  private static String read(String path) throws IOException {
    return Files.readString(ROOT.resolve(path));
  }
}
