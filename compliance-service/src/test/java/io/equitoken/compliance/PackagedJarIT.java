package io.equitoken.compliance;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.TestDatabase;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The jar as operators run it: {@code java -jar target/compliance-service.jar}, configured only by
 * environment variables, against real PostgreSQL and Kafka, with demo data; stops gracefully.
 */
class PackagedJarIT {

  private static final Path JAR = Path.of("target", "compliance-service.jar");
  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void shouldStartFromTheJarServeDemoDataAndStopGracefully() throws Exception {
    // given the packaged jar and its own database
    assertThat(JAR).exists();
    TestDatabase db = TestInfrastructure.database("compliance_jar");
    int port = freePort();
    Path log = Files.createTempFile("compliance-jar", ".log");
    ProcessBuilder builder =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-jar",
                JAR.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    Map<String, String> env = builder.environment();
    env.put("SERVER_PORT", String.valueOf(port));
    env.put("SPRING_R2DBC_URL", db.r2dbcUrl());
    env.put("SPRING_R2DBC_USERNAME", db.username());
    env.put("SPRING_R2DBC_PASSWORD", db.password());
    env.put("SPRING_FLYWAY_URL", db.jdbcUrl());
    env.put("SPRING_FLYWAY_USER", db.username());
    env.put("SPRING_FLYWAY_PASSWORD", db.password());
    env.put("SPRING_KAFKA_BOOTSTRAP_SERVERS", TestInfrastructure.kafkaBootstrapServers());
    env.put("EQUITOKEN_SECURITY_ISSUER", TestJwtIssuer.ISSUER);
    env.put("EQUITOKEN_SECURITY_AUDIENCE", TestJwtIssuer.AUDIENCE);
    env.put("EQUITOKEN_SECURITY_JWKS_URI", TestJwtIssuer.jwksUri());
    env.put("EQUITOKEN_DEMO_DATA", "true");

    // when it starts
    Process process = builder.start();
    try {
      Awaitility.await()
          .atMost(Duration.ofMinutes(3))
          .pollInterval(Duration.ofSeconds(1))
          .failFast("the service exited; see " + log, () -> !process.isAlive())
          .until(() -> status(port, "/actuator/health/readiness", null) == 200);

      // then probes answer without a token and the demo investors are there
      assertThat(status(port, "/actuator/health/liveness", null)).isEqualTo(200);
      HttpResponse<String> alice =
          get(port, "/compliance/status", TestJwtIssuer.token("inv-alice", "investor"));
      assertThat(alice.statusCode()).isEqualTo(200);
      assertThat(alice.body()).contains("\"kycState\":\"approved\"").contains("\"accredited\"");
      assertThat(
              get(port, "/compliance/status", TestJwtIssuer.token("inv-dave", "investor")).body())
          .contains("\"kycState\":\"revision_required\"");
      assertThat(Files.readString(log)).contains("LOCAL-ONLY").doesNotContain("Alice Demo");
    } finally {
      // and SIGTERM stops it cleanly within the graceful-shutdown budget
      process.destroy();
      boolean exited = process.waitFor(60, TimeUnit.SECONDS);
      if (!exited) {
        process.destroyForcibly();
      }
      assertThat(exited).as("stopped within 60 s after SIGTERM").isTrue();
    }
  }

  private int status(int port, String path, String token) throws Exception {
    try {
      return get(port, path, token).statusCode();
    } catch (java.io.IOException notYetListening) {
      return -1;
    }
  }

  private HttpResponse<String> get(int port, String path, String token) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(10));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static int freePort() throws java.io.IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
