package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.KeepAliveConnection;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Partial header lines and declared-but-unsent bodies held connections for 120 s and more, and one
 * address could hold any number of them. With the platform's server limits (short here, so the test
 * is quick) each of them is disconnected; every wait below is bounded by a count of short socket
 * reads, never by a measured duration. Also: the server's own 431 (headers too large) had an empty
 * body.
 */
@SpringBootTest(
    classes = WebTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "equitoken.server.request-header-timeout=1s",
      "equitoken.server.read-timeout=1s",
      "equitoken.server.request-timeout=2s",
      "equitoken.server.max-connections-per-client=3",
      "server.netty.idle-timeout=4s"
    })
class ServerLimitsIT {

  /** How many 250 ms reads a test waits at most for the server to hang up (15 s). */
  private static final int PATIENCE = 60;

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestJwtIssuer.register(registry);
    TestInfrastructure.registerDatabase(registry, "platformweb");
    TestInfrastructure.registerKafka(registry);
  }

  @LocalServerPort int port;

  @Test
  void shouldDisconnectAClientThatTricklesItsHeaders() throws IOException {
    try (Socket socket = connect()) {
      OutputStream out = socket.getOutputStream();
      out.write(ascii("GET /public HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "));
      // one more header byte every 250 ms: a read-idle timeout alone never fires
      boolean closed = false;
      for (int i = 0; i < PATIENCE && !closed; i++) {
        closed = closedWithin250ms(socket);
        if (!closed) {
          try {
            out.write('a');
            out.flush();
          } catch (IOException reset) {
            closed = true;
          }
        }
      }
      assertThat(closed).as("the server hung up on a trickled request head").isTrue();
    }
  }

  @Test
  void shouldKeepAnIdleKeepAliveConnectionOpenPastTheRequestHeadDeadline()
      throws IOException, InterruptedException {
    // The head deadline (1 s here) runs from a request's first byte, not from the previous answer:
    // an idle pooled connection lives until the idle timeout (4 s here). It once died at the head
    // deadline, and a pooled client reusing it at that moment got a reset.
    try (Socket socket = connect()) {
      KeepAliveConnection connection =
          new KeepAliveConnection(socket, "127.0.0.1", Duration.ofSeconds(10));
      assertThat(connection.exchange("GET", "/public", null).status()).isEqualTo(200);
      Thread.sleep(2_000);
      assertThat(connection.exchange("GET", "/public", null).status()).isEqualTo(200);
    }
  }

  @Test
  void shouldCloseAKeepAliveConnectionIdleLongerThanTheIdleTimeout() throws IOException {
    try (Socket socket = connect()) {
      KeepAliveConnection connection =
          new KeepAliveConnection(socket, "127.0.0.1", Duration.ofSeconds(10));
      assertThat(connection.exchange("GET", "/public", null).status()).isEqualTo(200);
      assertThat(hungUpWithinPatience(socket)).as("the idle connection was closed").isTrue();
    }
  }

  @Test
  void shouldCloseAConnectionThatNeverSendsARequest() throws IOException {
    try (Socket socket = connect()) {
      assertThat(hungUpWithinPatience(socket)).as("the silent connection was closed").isTrue();
    }
  }

  @Test
  void shouldDisconnectAClientWhoseBodyStalls() throws IOException {
    try (Socket socket = connect()) {
      socket
          .getOutputStream()
          .write(
              ascii(
                  "POST /things HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                      + TestJwtIssuer.token("op-1", "operator")
                      + "\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
                      + "{\"name\":"));
      assertThat(hungUpWithinPatience(socket)).as("the server gave up on the body").isTrue();
    }
  }

  @Test
  void shouldAnswerAStalledBody408WithoutAnErrorLog() throws IOException {
    try (Socket socket = connect();
        ErrorLog errors = ErrorLog.capture()) {
      socket
          .getOutputStream()
          .write(
              ascii(
                  "POST /things HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                      + TestJwtIssuer.token("op-1", "operator")
                      + "\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
                      + "{\"name\":"));
      String answer = readUntilClosed(socket);
      assertThat(answer).startsWith("HTTP/1.1 408").contains("\"code\":\"request-timeout\"");
      errors.settle();
      assertThat(errors.events()).isEmpty();
    }
  }

  @Test
  void shouldAnswer408ToABodyThatTricklesInLongerThanTheRequestTimeout() throws IOException {
    try (Socket socket = connect();
        ErrorLog errors = ErrorLog.capture()) {
      OutputStream out = socket.getOutputStream();
      out.write(
          ascii(
              "POST /things HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                  + TestJwtIssuer.token("op-1", "operator")
                  + "\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"));
      // one byte every 400 ms: never a pause of the read timeout (1 s), but slower in all than
      // the request timeout (2 s); at most 10 s
      socket.setSoTimeout(400);
      InputStream in = socket.getInputStream();
      java.io.ByteArrayOutputStream answer = new java.io.ByteArrayOutputStream();
      byte[] buffer = new byte[8192];
      boolean closed = false;
      for (int i = 0; i < 25 && !closed; i++) {
        try {
          out.write(' ');
          out.flush();
        } catch (IOException gone) {
          break;
        }
        try {
          int n = in.read(buffer);
          if (n < 0) {
            closed = true;
          } else {
            answer.write(buffer, 0, n);
          }
        } catch (SocketTimeoutException stillReading) {
          // the server is still waiting for the body
        } catch (IOException reset) {
          closed = true;
        }
      }
      assertThat(answer.toString(StandardCharsets.US_ASCII))
          .startsWith("HTTP/1.1 408")
          .contains("\"code\":\"request-timeout\"");
      errors.settle();
      assertThat(errors.events()).isEmpty();
    }
  }

  @Test
  void shouldAnswerAnUndecodableChunkSize400WithoutAnErrorLog() throws IOException {
    try (Socket socket = connect();
        ErrorLog errors = ErrorLog.capture()) {
      socket
          .getOutputStream()
          .write(
              ascii(
                  "POST /things HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                      + TestJwtIssuer.token("op-1", "operator")
                      + "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked"
                      + "\r\n\r\nZZ\r\n{\"name\":\"x\"}\r\n0\r\n\r\n"));
      String answer = readUntilClosed(socket);
      assertThat(answer).startsWith("HTTP/1.1 400");
      errors.settle();
      assertThat(errors.events()).isEmpty();
    }
  }

  /** Every ERROR logged (by any logger) while it is open. */
  static final class ErrorLog implements AutoCloseable {
    private final ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent>
        appender = new ch.qos.logback.core.read.ListAppender<>();
    private final ch.qos.logback.classic.Logger root =
        (ch.qos.logback.classic.Logger)
            org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);

    static ErrorLog capture() {
      ErrorLog log = new ErrorLog();
      log.appender.start();
      log.root.addAppender(log.appender);
      return log;
    }

    /** What the server logs after the answer comes right after it, if at all. */
    void settle() {
      try {
        Thread.sleep(500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    /**
     * Netty's leak reports are left out: they come when the collector happens to run, about a
     * buffer of anything in this JVM (the test clients of earlier tests included), not about the
     * request under test.
     */
    java.util.List<String> events() {
      return appender.list.stream()
          .filter(e -> e.getLevel().isGreaterOrEqual(ch.qos.logback.classic.Level.ERROR))
          .filter(e -> !e.getLoggerName().equals("io.netty.util.ResourceLeakDetector"))
          .map(e -> e.getLoggerName() + ": " + e.getFormattedMessage())
          .toList();
    }

    @Override
    public void close() {
      root.detachAppender(appender);
    }
  }

  /** What the server sent until it closed the connection (bounded by the patience). */
  private static String readUntilClosed(Socket socket) throws IOException {
    socket.setSoTimeout(250);
    InputStream in = socket.getInputStream();
    java.io.ByteArrayOutputStream answer = new java.io.ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    for (int i = 0; i < PATIENCE; i++) {
      try {
        int n = in.read(buffer);
        if (n < 0) {
          break;
        }
        answer.write(buffer, 0, n);
      } catch (SocketTimeoutException stillOpen) {
        // keep waiting
      } catch (IOException reset) {
        break;
      }
    }
    return answer.toString(StandardCharsets.UTF_8);
  }

  @Test
  void shouldCapTheConnectionsOfOneClientAddressAndReleaseThemOnClose() throws IOException {
    List<Socket> held = new ArrayList<>();
    try {
      for (int i = 0; i < 3; i++) {
        held.add(connect());
      }
      try (Socket fourth = connect()) {
        assertThat(hungUpWithinPatience(fourth)).as("a fourth connection is closed").isTrue();
      }
    } finally {
      for (Socket socket : held) {
        socket.close();
      }
    }

    // the closed connections no longer count: a new one is served
    String answer = null;
    for (int i = 0; i < PATIENCE && answer == null; i++) {
      try (Socket socket = connect()) {
        socket
            .getOutputStream()
            .write(ascii("GET /public HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"));
        socket.setSoTimeout(10_000);
        String read = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        // the server may not have seen the earlier closes yet: then this one is refused too
        answer = read.isEmpty() ? null : read;
      }
    }
    assertThat(answer).startsWith("HTTP/1.1 200");
  }

  @Test
  void shouldAnswerOversizeHeadersWithAProblem() throws IOException {
    try (Socket socket = connect()) {
      socket
          .getOutputStream()
          .write(
              ascii(
                  "GET /public HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: "
                      + "a".repeat(20_000)
                      + "\r\n\r\n"));
      socket.setSoTimeout(10_000);
      String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(answer)
          .startsWith("HTTP/1.1 431")
          .containsIgnoringCase("content-type: application/problem+json")
          .containsIgnoringCase("x-request-id: ")
          .contains("\"code\":\"header-too-large\"")
          .contains("\"status\":431");
    }
  }

  private Socket connect() throws IOException {
    return new Socket(InetAddress.getLoopbackAddress(), port);
  }

  private static boolean hungUpWithinPatience(Socket socket) throws IOException {
    for (int i = 0; i < PATIENCE; i++) {
      if (closedWithin250ms(socket)) {
        return true;
      }
    }
    return false;
  }

  /** Reads (and drops) whatever the server sent; true once it closed the connection. */
  private static boolean closedWithin250ms(Socket socket) throws IOException {
    socket.setSoTimeout(250);
    InputStream in = socket.getInputStream();
    byte[] buffer = new byte[8192];
    try {
      while (true) {
        if (in.read(buffer) < 0) {
          return true;
        }
      }
    } catch (SocketTimeoutException stillOpen) {
      return false;
    } catch (IOException reset) {
      return true;
    }
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}
