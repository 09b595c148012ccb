package io.equitoken.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.equitoken.gateway.routing.Upstream;
import io.equitoken.gateway.support.GatewayItSupport;
import io.equitoken.gateway.support.NettyUpstream;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.test.TestTls;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.cloud.circuitbreaker.resilience4j.ReactiveResilience4JCircuitBreakerFactory;

/**
 * A client that sends a request head and then stalls its body (or sends part of it). The gateway
 * read the whole body before calling the service (Spring Cloud Gateway's circuit-breaker filter
 * with a fallback keeps it for a second dispatch), so the service's early refusal never reached the
 * client: every such request waited for the gateway's body read timeout (20 s) and got the
 * gateway's 408. The body now streams to the service: the service's early {@code 413}, or its own
 * {@code 408} when its read timeout fires first, reaches the client at once; a body stalled longer
 * than the gateway's read timeout gets the gateway's {@code 408} problem. Never a 5xx, never an
 * ERROR line, never a failed call for the route's breaker, and the route keeps working.
 *
 * <p>The compliance-service stand-in runs on Reactor Netty with platform-web's server limits (read
 * timeout {@link NettyUpstream#READ_TIMEOUT}); the gateway's body read timeout here is {@link
 * #BODY_READ_TIMEOUT_SECONDS}. Each answer is awaited for at most 30 s; the bounds asserted are the
 * gateway's timeouts, which an answer held back would have waited for.
 */
class GatewayEarlyAnswerIT extends GatewayItSupport {

  private static final long HELD_BACK_MILLIS = BODY_READ_TIMEOUT_SECONDS * 1000L;

  @Autowired ReactiveResilience4JCircuitBreakerFactory breakers;

  private final ListAppender<ILoggingEvent> log = new ListAppender<>();
  private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);

  @BeforeEach
  void captureErrors() {
    log.start();
    root.addAppender(log);
  }

  @AfterEach
  void release() {
    root.detachAppender(log);
  }

  @Test
  void shouldRelayTheServicesEarlyRefusalOfAStalledBodyWithALength() throws Exception {
    for (int i = 0; i < 5; i++) {
      Answer answer =
          stall(NettyUpstream.REFUSE_EARLY, "Content-Length: 100000\r\n", "x".repeat(1000));

      assertThat(answer.text())
          .as("attempt %d", i)
          .startsWith("HTTP/1.1 413")
          .containsIgnoringCase("content-type: application/problem+json")
          .containsIgnoringCase("connection: close")
          .contains(NettyUpstream.EARLY_413_BODY);
      assertThat(answer.millis()).as("attempt %d", i).isLessThan(HELD_BACK_MILLIS);
    }
    assertTheRouteIsHealthy();
  }

  @Test
  void shouldRelayTheServicesEarlyRefusalOfAStalledChunkedBody() throws Exception {
    for (int i = 0; i < 5; i++) {
      Answer answer =
          stall(
              NettyUpstream.REFUSE_EARLY,
              "Transfer-Encoding: chunked\r\n",
              "3e8\r\n" + "x".repeat(1000) + "\r\n");

      assertThat(answer.text())
          .as("attempt %d", i)
          .startsWith("HTTP/1.1 413")
          .contains(NettyUpstream.EARLY_413_BODY);
      assertThat(answer.millis()).as("attempt %d", i).isLessThan(HELD_BACK_MILLIS);
    }
    assertTheRouteIsHealthy();
  }

  @Test
  void shouldRelayTheServicesOwn408WhenItsReadTimeoutFiresFirst() throws Exception {
    Answer answer = stall("/compliance/kyc", "Content-Length: 100000\r\n", "x".repeat(1000));

    assertThat(answer.text()).startsWith("HTTP/1.1 408").contains(NettyUpstream.STALLED_408_BODY);
    assertThat(answer.millis()).isLessThan(HELD_BACK_MILLIS);
    assertTheRouteIsHealthy();
  }

  @Test
  void shouldAnswer408ItselfWhenTheBodyStallsLongerThanItsReadTimeout() throws Exception {
    // trading-service's stand-in waits for the body as long as it takes
    Answer answer = stall("/trade", "Content-Length: 5000\r\n", "{\"tokenId\":");

    assertThat(answer.text())
        .startsWith("HTTP/1.1 408")
        .containsIgnoringCase("content-type: application/problem+json")
        .containsIgnoringCase("strict-transport-security:")
        .contains("\"code\":\"request-timeout\"");
    assertThat(answer.millis())
        .as("answered at the read timeout, not at a later one")
        .isLessThan(HELD_BACK_MILLIS + 5_000);
    assertThat(failedCalls(Upstream.TRADING)).isZero();
    assertThat(errors()).isEmpty();
  }

  @Test
  void shouldRelayTheServicesEarlyRefusalWhileTheClientKeepsSending() throws Exception {
    // the client streams on while the service has answered: the service drops or refuses the rest
    for (int i = 0; i < 10; i++) {
      Answer answer = streamChunked(NettyUpstream.REFUSE_EARLY, UPLOAD_CAP - 1);

      assertThat(answer.text())
          .as("attempt %d", i)
          .startsWith("HTTP/1.1 413")
          .contains(NettyUpstream.EARLY_413_BODY);
    }
    assertTheRouteIsHealthy();
  }

  private void assertTheRouteIsHealthy() throws InterruptedException {
    client
        .get()
        .uri("/compliance/status")
        .header("Authorization", "Bearer " + tokenFor("investor"))
        .exchange()
        .expectStatus()
        .isOk();
    assertThat(failedCalls(Upstream.COMPLIANCE)).isZero();
    Thread.sleep(300); // what is logged after an answer comes right after it
    assertThat(errors()).isEmpty();
  }

  private int failedCalls(Upstream upstream) {
    return breakers
        .getCircuitBreakerRegistry()
        .find(upstream.module())
        .map(CircuitBreaker::getMetrics)
        .map(CircuitBreaker.Metrics::getNumberOfFailedCalls)
        .orElse(0);
  }

  /** ERROR lines, Netty's leak reports aside (they come whenever the collector runs). */
  private List<String> errors() {
    return log.list.stream()
        .filter(e -> e.getLevel().isGreaterOrEqual(Level.ERROR))
        .filter(e -> !e.getLoggerName().equals("io.netty.util.ResourceLeakDetector"))
        .filter(e -> !e.getLoggerName().startsWith("org.apache.kafka"))
        .filter(e -> !e.getLoggerName().startsWith("kafka"))
        .map(e -> e.getLoggerName() + ": " + e.getFormattedMessage())
        .toList();
  }

  record Answer(long millis, String text) {}

  /**
   * Sends {@code bodyBytes} as 16 KiB chunks from a second thread while this one reads the answer;
   * the writer stops at the first failed write. What arrived before a reset is the answer.
   */
  private Answer streamChunked(String path, long bodyBytes) throws Exception {
    try (SSLSocket socket =
        (SSLSocket)
            TestTls.trustingPem(certificate())
                .getSocketFactory()
                .createSocket(InetAddress.getLoopbackAddress(), port)) {
      socket.startHandshake();
      OutputStream out = socket.getOutputStream();
      long start = System.nanoTime();
      out.write(
          ("POST "
                  + path
                  + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                  + TestJwtIssuer.token("inv-stream-" + UUID.randomUUID(), "investor")
                  + "\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked"
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      ExecutorService writer = Executors.newSingleThreadExecutor();
      try {
        writer.submit(
            () -> {
              byte[] chunk = new byte[16 * 1024];
              long left = bodyBytes;
              try {
                while (left > 0) {
                  int size = (int) Math.min(chunk.length, left);
                  out.write(
                      (Integer.toHexString(size) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                  out.write(chunk, 0, size);
                  out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                  out.flush();
                  left -= size;
                }
                out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
              } catch (IOException closedByTheGateway) {
                // the answer came first
              }
              return null;
            });
        String text = read(socket);
        return new Answer((System.nanoTime() - start) / 1_000_000, text);
      } finally {
        writer.shutdownNow();
        writer.awaitTermination(20, TimeUnit.SECONDS);
      }
    }
  }

  /**
   * Sends the head and {@code partialBody} over TLS, then nothing more; returns the answer read
   * until it is complete, the gateway closes, or 30 s pass, and how long it took from the head.
   */
  private Answer stall(String path, String framing, String partialBody) throws IOException {
    try (SSLSocket socket =
        (SSLSocket)
            TestTls.trustingPem(certificate())
                .getSocketFactory()
                .createSocket(InetAddress.getLoopbackAddress(), port)) {
      socket.startHandshake();
      OutputStream out = socket.getOutputStream();
      byte[] head =
          ("POST "
                  + path
                  + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                  + TestJwtIssuer.token("inv-stall-" + UUID.randomUUID(), "investor")
                  + "\r\nX-Request-Id: "
                  + newRequestId()
                  + "\r\nContent-Type: application/octet-stream\r\n"
                  + framing
                  + "\r\n"
                  + partialBody)
              .getBytes(StandardCharsets.US_ASCII);
      long start = System.nanoTime();
      out.write(head);
      out.flush();
      String text = read(socket);
      return new Answer((System.nanoTime() - start) / 1_000_000, text);
    }
  }

  /** The answer, read until complete, closed, or 30 s pass. */
  private static String read(SSLSocket socket) throws IOException {
    socket.setSoTimeout(250);
    InputStream in = socket.getInputStream();
    ByteArrayOutputStream answer = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    for (int i = 0; i < 120 && !complete(answer.toByteArray()); i++) {
      try {
        int n = in.read(buffer);
        if (n < 0) {
          break;
        }
        answer.write(buffer, 0, n);
      } catch (SocketTimeoutException stillWaiting) {
        // keep waiting
      } catch (IOException reset) {
        break;
      }
    }
    return answer.toString(StandardCharsets.UTF_8);
  }

  /** A head and as many body bytes as its Content-Length says. */
  private static boolean complete(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    int end = text.indexOf("\r\n\r\n");
    if (end < 0) {
      return false;
    }
    String head = text.substring(0, end).toLowerCase(Locale.ROOT);
    int at = head.indexOf("content-length:");
    if (at < 0) {
      return false;
    }
    int lineEnd = head.indexOf("\r\n", at);
    long length =
        Long.parseLong(head.substring(at + 15, lineEnd < 0 ? head.length() : lineEnd).trim());
    return bytes.length - end - 4 >= length;
  }
}
