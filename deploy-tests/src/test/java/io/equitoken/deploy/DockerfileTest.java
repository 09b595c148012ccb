package io.equitoken.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class DockerfileTest {

  static final Path ROOT = RepositoryRoot.get();

  static List<String> instructions() throws IOException {
    // join continuation lines, drop comments
    String text = Files.readString(ROOT.resolve("deploy/Dockerfile")).replaceAll("\\\\\\n", " ");
    return text.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
  }

  @Test
  void shouldRunOnAPinnedJavaRuntimeImage() throws IOException {
    List<String> from = instructions().stream().filter(l -> l.startsWith("FROM ")).toList();

    assertThat(from).hasSize(1);
    assertThat(from.get(0)).matches("FROM eclipse-temurin:17\\.\\d+\\.\\d+_\\d+-jre(-\\w+)?");
  }

  @Test
  void shouldCopyThePrebuiltJarOfTheModuleAndRunItAsANonRootUser() throws IOException {
    List<String> lines = instructions();

    assertThat(lines).contains("ARG MODULE");
    assertThat(lines)
        .anyMatch(
            l ->
                l.startsWith("COPY ") && l.endsWith("${MODULE}/target/${MODULE}.jar /app/app.jar"));
    List<String> users = lines.stream().filter(l -> l.startsWith("USER ")).toList();
    assertThat(users).isNotEmpty();
    assertThat(users.get(users.size() - 1)).matches("USER [1-9]\\d*:[1-9]\\d*");
    assertThat(lines.get(lines.size() - 1))
        .isEqualTo("ENTRYPOINT [\"java\", \"-jar\", \"/app/app.jar\"]");
  }

  @Test
  void shouldUseTheSameUserIdAsTheKubernetesPods() throws IOException {
    String user =
        instructions().stream()
            .filter(l -> l.startsWith("USER "))
            .reduce((a, b) -> b)
            .orElseThrow();
    var base = new KustomizeRenderer().render(ROOT.resolve("k8s/base"));

    for (var deployment : Resources.ofKind(base, "Deployment")) {
      assertThat(Yamls.at(deployment, "spec", "template", "spec", "securityContext", "runAsUser"))
          .isEqualTo(Integer.valueOf(user.substring(5, user.indexOf(':'))));
    }
  }
}
