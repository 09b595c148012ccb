package io.equitoken.compliance.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.test.PackagedService;
import io.equitoken.platform.test.TestDatabase;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The jar as operators run it: {@code java -jar target/compliance-service.jar} (platform-test's
 * {@link PackagedService}), configured only by environment variables, against real PostgreSQL and
 * Kafka, with demo data; stops gracefully.
 */
class PackagedJarIT {

  private static final Path JAR = Path.of("target", "compliance-service.jar");
  private static final String DOCUMENT_KEY = randomKey();
  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void shouldRefuseToStartWithoutADocumentKeyNamingItWithoutAStackTrace() throws Exception {
    // given the packaged jar configured like production but without its document key
    Path log = Files.createTempFile("compliance-jar-nokey", ".log");
    try (PackagedService service = jar(log)) {

      // when it starts, then it exits with a short report naming the variable
      assertThatThrownBy(service::start).isInstanceOf(IllegalStateException.class);
      assertThat(Files.readString(log))
          .contains("APPLICATION FAILED TO START")
          .contains("EQUITOKEN_COMPLIANCE_DOCUMENT_KEY: it is not set")
          .doesNotContain("\tat ");
    }
  }

  @Test
  void shouldStartFromTheJarServeDemoDataAndStopGracefully() throws Exception {
    // given the packaged jar and its own database
    assertThat(JAR).exists();
    Path log = Files.createTempFile("compliance-jar", ".log");
    try (PackagedService service =
        jar(log)
            .set("equitoken.demo-data", "true")
            .set("equitoken.compliance.document-key", DOCUMENT_KEY)) {

      // when it starts (bounded; fails at once if it exits)
      service.start();
      int port = service.port();

      // then probes answer without a token and the demo investors are there
      assertThat(status(port, "/actuator/health/liveness", null)).isEqualTo(200);
      HttpResponse<String> alice =
          get(port, "/compliance/status", TestJwtIssuer.token("inv-alice", "investor"));
      assertThat(alice.statusCode()).isEqualTo(200);
      assertThat(alice.body()).contains("\"kycState\":\"approved\"").contains("\"accredited\"");
      assertThat(
              get(port, "/compliance/status", TestJwtIssuer.token("inv-dave", "investor")).body())
          .contains("\"kycState\":\"revision_required\"");
      assertThat(Files.readString(log)).doesNotContain("Alice Demo").doesNotContain(DOCUMENT_KEY);

      // and SIGTERM stops it cleanly within the graceful-shutdown budget
      assertThat(service.stop(Duration.ofSeconds(60)))
          .as("stopped within 60 s after SIGTERM")
          .isTrue();
    }
  }

  /** The jar on its own database, configured only by environment variables; no document key. */
  private static PackagedService jar(Path log) {
    TestDatabase db = TestInfrastructure.database("compliance_jar");
    return PackagedService.of("compliance-service", JAR)
        .jvmOptions("-Xmx256m")
        .log(log)
        .asEnvironment()
        .settings(PackagedService.platformSettings(db, TestInfrastructure.kafkaBootstrapServers()));
  }

  private static String randomKey() {
    byte[] key = new byte[32];
    new java.security.SecureRandom().nextBytes(key);
    return java.util.Base64.getEncoder().encodeToString(key);
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
}
