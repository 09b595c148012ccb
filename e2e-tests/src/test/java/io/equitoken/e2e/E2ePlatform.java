package io.equitoken.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.equitoken.local.LocalPlatform;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The platform every end-to-end test class meets: PostgreSQL, Kafka and every built service started
 * by platform-local in a directory of its own on offset ports, with their demo data, once per run
 * (the first class that asks starts it; it stops after the last class), reached over HTTPS through
 * the gateway, trusting only the certificate the gateway generated. Every service exports its spans
 * to {@link #traces()} (failsafe sets their OTLP endpoint to its port).
 */
final class E2ePlatform implements AutoCloseable {

  private static final List<String> REQUIRED =
      List.of(
          "identity-service",
          "listings-service",
          "compliance-service",
          "trading-service",
          "portfolio-service",
          "gateway");
  private static final int PORT_OFFSET = 300;

  private final LocalPlatform platform;
  private final GatewayClient gateway;
  private final OtlpCollector traces;

  private E2ePlatform() throws IOException {
    Path projectDir =
        Path.of(System.getProperty("equitoken.project.dir", "..")).toAbsolutePath().normalize();
    List<String> missing =
        REQUIRED.stream()
            .filter(m -> !Files.isRegularFile(projectDir.resolve(m + "/target/" + m + ".jar")))
            .toList();
    if (!missing.isEmpty()) {
      fail(
          "Service jars not built: "
              + missing
              + ". `./mvnw verify` builds them before e2e-tests; to run e2e-tests alone first run"
              + " `./mvnw -B -q -DskipTests -Dquickly install -pl "
              + String.join(",", missing)
              + " -am`.");
    }
    traces = new OtlpCollector(Integer.getInteger("e2e.otlp.port"));
    Path baseDir = projectDir.resolve("e2e-tests/target/e2e-platform");
    deleteRecursively(baseDir);
    platform =
        LocalPlatform.builder()
            .projectDir(projectDir)
            .baseDir(baseDir)
            .portOffset(PORT_OFFSET)
            .serviceTimeout(Duration.ofSeconds(150))
            .build();
    platform.start();
    assertThat(platform.runningServices()).containsAll(REQUIRED);
    gateway = new GatewayClient(platform.gatewayUrl(), platform.gatewayCertificate());
  }

  LocalPlatform platform() {
    return platform;
  }

  GatewayClient gateway() {
    return gateway;
  }

  OtlpCollector traces() {
    return traces;
  }

  @Override
  public void close() {
    traces.close();
    platform.close();
  }

  /**
   * Resolves an {@code E2ePlatform} parameter (a test class's constructor) to the run's one
   * platform, kept in the root store so that JUnit closes it after the last class.
   */
  static final class Resolver implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
      return parameter.getParameter().getType() == E2ePlatform.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
      return context
          .getRoot()
          .getStore(ExtensionContext.Namespace.create(E2ePlatform.class))
          .computeIfAbsent(E2ePlatform.class, type -> start(), E2ePlatform.class);
    }

    private static E2ePlatform start() {
      try {
        return new E2ePlatform();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
