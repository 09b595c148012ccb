package io.equitoken.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.gateway.routing.Upstream;
import io.equitoken.gateway.support.FakeUpstreams;
import io.equitoken.gateway.support.GatewayItSupport;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.test.TestTls;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.cloud.circuitbreaker.resilience4j.ReactiveResilience4JCircuitBreakerFactory;

/**
 * An oversize KYC upload through the gateway sometimes got {@code 503 unreachable} instead of the
 * service's {@code 413} (the service answered and closed while the gateway was still streaming the
 * body), and those 503s counted against the route's circuit breaker. The gateway now refuses a
 * declared oversize upload itself: twenty in a row all get the 413 problem, on the plain and an
 * encoded spelling of the path, and none reaches the service. A chunked upload (no length declared)
 * is counted as it streams and abandoned at the cap: twenty in a row all get the 413, and the
 * route's circuit breaker stays closed.
 */
class GatewayUploadLimitIT extends GatewayItSupport {

  private static final long DECLARED = 20L * 1024 * 1024;
  private static final int CHUNK = 64 * 1024;

  @Autowired ReactiveResilience4JCircuitBreakerFactory breakers;

  @Test
  void shouldAnswer413ToEveryOversizeUploadWithoutCallingTheService() throws IOException {
    for (int i = 0; i < 20; i++) {
      String path = i % 2 == 0 ? "/compliance/kyc" : "/compliance/%6byc";
      String requestId = newRequestId();

      String answer = send(path, requestId);

      assertThat(answer)
          .as("upload %d to %s", i, path)
          .startsWith("HTTP/1.1 413")
          .containsIgnoringCase("content-type: application/problem+json")
          .containsIgnoringCase("strict-transport-security:")
          .contains("\"code\":\"submission-too-large\"");
      assertThat(FakeUpstreams.received(requestId)).as("the service was not called").isNull();
    }
  }

  @Test
  void shouldAnswer413ToEveryChunkedOversizeUploadAndKeepTheBreakerClosed() throws Exception {
    for (int i = 0; i < 20; i++) {
      String path = i % 2 == 0 ? "/compliance/kyc" : "/compliance/%6byc";

      String answer = sendChunked(path, UPLOAD_CAP + 4L * CHUNK);

      assertThat(answer)
          .as("chunked upload %d to %s", i, path)
          .startsWith("HTTP/1.1 413")
          .containsIgnoringCase("content-type: application/problem+json")
          .contains("\"code\":\"submission-too-large\"")
          .contains("\"limitBytes\":" + UPLOAD_CAP);
    }
    // looked up, never created here: a breaker created by the test would lack the route's settings
    CircuitBreaker breaker =
        breakers
            .getCircuitBreakerRegistry()
            .find(Upstream.COMPLIANCE.module())
            .orElseThrow(() -> new AssertionError("the route's breaker saw no call"));
    assertThat(breaker.getState()).isEqualTo(CircuitBreaker.State.CLOSED);
    assertThat(breaker.getMetrics().getNumberOfFailedCalls()).isZero();

    String requestId = newRequestId();
    client
        .get()
        .uri("/compliance/status")
        .header("Authorization", "Bearer " + tokenFor("investor"))
        .header("X-Request-Id", requestId)
        .exchange()
        .expectStatus()
        .isOk();
    assertThat(FakeUpstreams.received(requestId))
        .as("the route still reaches the service")
        .isNotNull();
  }

  @Test
  void shouldPassAChunkedUploadWithinTheCapToTheService() throws Exception {
    String answer = sendChunked("/compliance/kyc", UPLOAD_CAP - 1);

    assertThat(answer).startsWith("HTTP/1.1 200");
  }

  /**
   * Sends {@code bodyBytes} as 64 KiB chunks from a second thread while this one reads the answer;
   * the gateway may answer and close before the body is finished, so the writer stops at the first
   * failed write. What arrived before a reset counts as the answer the client saw.
   */
  private String sendChunked(String path, long bodyBytes) throws Exception {
    try (SSLSocket socket =
        (SSLSocket)
            TestTls.trustingPem(certificate())
                .getSocketFactory()
                .createSocket(InetAddress.getLoopbackAddress(), port)) {
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST "
                  + path
                  + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                  + TestJwtIssuer.token("inv-chunked-" + UUID.randomUUID(), "investor")
                  + "\r\nX-Request-Id: "
                  + newRequestId()
                  + "\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked"
                  + "\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      ExecutorService writer = Executors.newSingleThreadExecutor();
      try {
        writer.submit(
            () -> {
              byte[] chunk = new byte[CHUNK];
              long left = bodyBytes;
              try {
                while (left > 0) {
                  int size = (int) Math.min(CHUNK, left);
                  out.write(
                      (Integer.toHexString(size) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                  out.write(chunk, 0, size);
                  out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                  left -= size;
                }
                out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
              } catch (IOException closedByTheGateway) {
                // the answer came first
              }
              return null;
            });
        return readAnswer(socket.getInputStream());
      } finally {
        writer.shutdownNow();
        writer.awaitTermination(20, TimeUnit.SECONDS);
      }
    }
  }

  private static String readAnswer(InputStream in) throws IOException {
    ByteArrayOutputStream answer = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    try {
      for (int n; (n = in.read(buffer)) >= 0; ) {
        answer.write(buffer, 0, n);
      }
    } catch (SocketException reset) {
      if (answer.size() == 0) {
        throw reset;
      }
    }
    return answer.toString(StandardCharsets.UTF_8);
  }

  private String send(String path, String requestId) throws IOException {
    try (SSLSocket socket =
        (SSLSocket)
            TestTls.trustingPem(certificate())
                .getSocketFactory()
                .createSocket(InetAddress.getLoopbackAddress(), port)) {
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST "
                  + path
                  + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                  + TestJwtIssuer.token("inv-upload", "investor")
                  + "\r\nX-Request-Id: "
                  + requestId
                  + "\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: "
                  + DECLARED
                  + "\r\n\r\n--b\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
