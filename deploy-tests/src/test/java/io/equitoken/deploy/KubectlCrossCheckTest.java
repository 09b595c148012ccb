package io.equitoken.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where a kubectl binary exists, our renderer must agree with {@code kubectl kustomize}. Skipped on
 * machines without kubectl: the other tests never depend on it.
 */
class KubectlCrossCheckTest {

  static final Path ROOT = RepositoryRoot.get();

  @ParameterizedTest
  @ValueSource(strings = {"k8s/base", "k8s/overlays/local", "k8s/overlays/prod"})
  void shouldRenderLikeKubectlKustomize(String kustomization) throws Exception {
    String rendered = kubectlKustomize(ROOT.resolve(kustomization));
    assumeTrue(rendered != null, "kubectl with kustomize is not available");

    List<Map<String, Object>> ours =
        sorted(new KustomizeRenderer().render(ROOT.resolve(kustomization)));
    List<Map<String, Object>> theirs =
        sorted(
            Yamls.parseAll(rendered, "kubectl kustomize").stream()
                .map(d -> Yamls.map(d, "resource"))
                .toList());

    assertThat(ours)
        .extracting(Resources::id)
        .containsExactlyElementsOf(theirs.stream().map(Resources::id).toList());
    for (int i = 0; i < ours.size(); i++) {
      assertThat(ours.get(i)).as(Resources.id(ours.get(i))).isEqualTo(theirs.get(i));
    }
  }

  private static List<Map<String, Object>> sorted(List<Map<String, Object>> resources) {
    return resources.stream().sorted(Comparator.comparing(Resources::id)).toList();
  }

  private static String kubectlKustomize(Path dir) throws InterruptedException {
    try {
      Process process =
          new ProcessBuilder("kubectl", "kustomize", dir.toString())
              .redirectErrorStream(false)
              .start();
      byte[] out = process.getInputStream().readAllBytes();
      if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
        process.destroyForcibly();
        return null;
      }
      return new String(out, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return null;
    }
  }
}
