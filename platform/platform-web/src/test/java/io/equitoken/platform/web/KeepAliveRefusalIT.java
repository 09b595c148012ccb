package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.KeepAliveConnection;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * Reactor Netty keep-alive hang (reactor-netty #4188/#4361): after a request refused before its
 * body was read, the server could stop reading the connection, so the client's next request on it
 * was never answered. Each scenario sends many refused-then-next pairs on ONE raw keep-alive
 * connection (a pooled client would hide a stuck connection by opening another); every answer must
 * arrive within the read timeout.
 */
@SpringBootTest(
    classes = WebTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class KeepAliveRefusalIT {

  static final int PAIRS = 100;
  static final Duration READ_TIMEOUT = Duration.ofSeconds(10);
  static final Duration FIRST_CALL_TIMEOUT = Duration.ofSeconds(60);
  static final String BODY = "{\"name\":\"x\",\"price\":1}";
  static final String JSON = "Content-Type: application/json";

  @DynamicPropertySource
  static void jwt(DynamicPropertyRegistry registry) {
    TestJwtIssuer.register(registry);
    TestInfrastructure.registerDatabase(registry, "platformweb");
    // the API key revocation feed fails closed without a broker: every token would be refused
    TestInfrastructure.registerKafka(registry);
  }

  @LocalServerPort int port;

  private KeepAliveConnection connect() throws IOException {
    return connect(READ_TIMEOUT);
  }

  private KeepAliveConnection connect(Duration readTimeout) throws IOException {
    return new KeepAliveConnection(
        new Socket(InetAddress.getLoopbackAddress(), port), "localhost", readTimeout);
  }

  /**
   * The first calls of a JVM (JWKS fetch, class loading) can take seconds on a loaded machine: made
   * on a connection of their own with a long timeout, so the short one measures only the hang.
   */
  @BeforeEach
  void warmUp() throws IOException {
    String investor = "Authorization: Bearer " + TestJwtIssuer.token("inv-1", "investor");
    try (KeepAliveConnection connection = connect(FIRST_CALL_TIMEOUT)) {
      assertThat(connection.exchange("GET", "/later", null).status()).isEqualTo(200);
      assertThat(connection.exchange("GET", "/things/1", null, investor).status()).isEqualTo(200);
      assertThat(connection.exchange("POST", "/things", BODY, JSON, investor).status())
          .isEqualTo(403);
      assertThat(connection.exchange("POST", "/things", BODY, JSON).status()).isEqualTo(401);
    }
  }

  @Test
  void shouldAnswerEveryRequestAfter401RefusalsOfUnreadBodiesOnOneConnection() throws IOException {
    try (KeepAliveConnection connection = connect()) {
      for (int i = 0; i < PAIRS; i++) {
        assertThat(connection.exchange("POST", "/things", BODY, JSON).status()).isEqualTo(401);
        assertThat(connection.exchange("GET", "/public", null).status()).isEqualTo(200);
      }
      assertThat(connection.sent()).isEqualTo(2 * PAIRS);
    }
  }

  @Test
  void shouldAnswerEveryRequestAfter403RefusalsOfUnreadBodiesOnOneConnection() throws IOException {
    String investor = "Authorization: Bearer " + TestJwtIssuer.token("inv-1", "investor");
    try (KeepAliveConnection connection = connect()) {
      for (int i = 0; i < PAIRS; i++) {
        assertThat(connection.exchange("POST", "/things", BODY, JSON, investor).status())
            .isEqualTo(403);
        assertThat(connection.exchange("GET", "/things/" + i, null, investor).status())
            .isEqualTo(200);
      }
    }
  }

  @Test
  void shouldAnswerEveryRequestAfterRefusalsOfBodylessRequestsOnOneConnection() throws IOException {
    try (KeepAliveConnection connection = connect()) {
      for (int i = 0; i < PAIRS; i++) {
        assertThat(connection.exchange("GET", "/things/" + i, null).status()).isEqualTo(401);
        assertThat(connection.exchange("GET", "/public", null).status()).isEqualTo(200);
      }
    }
  }

  @Test
  void shouldAnswerARequestSentRightBehindARefusedOneOnOneConnection() throws IOException {
    // The next request is already on the wire while the refused one is answered: it reaches the
    // server before the refused request's operations have terminated.
    try (KeepAliveConnection connection = connect()) {
      for (int i = 0; i < PAIRS; i++) {
        connection.send("POST", "/things", BODY, JSON);
        connection.send("GET", "/public", null);
        assertThat(connection.read("refused POST").status()).isEqualTo(401);
        assertThat(connection.read("GET after it").status()).isEqualTo(200);
      }
    }
  }

  @Test
  void shouldAnswerTheRequestAfterARefusalThatFollowedAnAsynchronousAnswer() throws IOException {
    // The refused request arrives while the previous (answered from another thread) request's
    // operations are still terminating, so the server queues it and answers it from the queue.
    try (KeepAliveConnection connection = connect()) {
      for (int i = 0; i < PAIRS; i++) {
        assertThat(connection.exchange("GET", "/later", null).status()).isEqualTo(200);
        assertThat(connection.exchange("POST", "/things", BODY, JSON).status()).isEqualTo(401);
        assertThat(connection.exchange("GET", "/public", null).status()).isEqualTo(200);
        assertThat(connection.exchange("GET", "/later", null).status()).isEqualTo(200);
        assertThat(connection.exchange("GET", "/things/" + i, null).status()).isEqualTo(401);
        assertThat(connection.exchange("GET", "/public", null).status()).isEqualTo(200);
      }
    }
  }

  @Test
  void shouldAnswerTheRequestAfterARefusalQueuedBehindAnAsynchronousAnswer() throws IOException {
    // reactor-netty #4361: a queued request answered at once left the connection unread for good.
    try (KeepAliveConnection connection = connect()) {
      for (int i = 0; i < PAIRS; i++) {
        connection.send("GET", "/later", null);
        connection.send("POST", "/things", BODY, JSON);
        assertThat(connection.read("GET /later").status()).isEqualTo(200);
        assertThat(connection.read("refused POST behind it").status()).isEqualTo(401);
        assertThat(connection.exchange("GET", "/public", null).status()).isEqualTo(200);
        connection.send("GET", "/later", null);
        connection.send("GET", "/things/" + i, null);
        assertThat(connection.read("GET /later").status()).isEqualTo(200);
        assertThat(connection.read("refused GET behind it").status()).isEqualTo(401);
        assertThat(connection.exchange("GET", "/public", null).status()).isEqualTo(200);
      }
    }
  }

  @Test
  void shouldLetAPooledClientGoOnAfterAnAnswerThatCameBeforeTheWholeBody() {
    // The server refuses (401) before the body's tail is sent. A client reusing such a connection
    // got "Connection reset by peer" on its next request (KycSubmissionIT, after a 413 for too many
    // parts, every run); the early answer now says "Connection: close", and the pool opens a new
    // connection for the next request.
    ConnectionProvider one = ConnectionProvider.create("keep-alive-refusal", 1);
    try {
      WebClient client =
          WebClient.builder()
              .baseUrl("http://localhost:" + port)
              .clientConnector(new ReactorClientHttpConnector(HttpClient.create(one)))
              .build();
      for (int i = 0; i < 20; i++) {
        Flux<DataBuffer> slowBody =
            Flux.concat(
                Mono.fromSupplier(() -> buffer("{\"name\":\"")),
                Mono.delay(Duration.ofMillis(50)).map(tick -> buffer("x\",\"price\":1}")));
        String connection =
            client
                .post()
                .uri("/things")
                .contentType(MediaType.APPLICATION_JSON)
                .body(BodyInserters.fromDataBuffers(slowBody))
                .exchangeToMono(
                    r -> {
                      assertThat(r.statusCode().value()).isEqualTo(401);
                      return r.releaseBody()
                          .thenReturn(String.valueOf(r.headers().asHttpHeaders().getConnection()));
                    })
                .block(READ_TIMEOUT);
        assertThat(connection).contains("close");
        Integer next =
            client
                .get()
                .uri("/public")
                .exchangeToMono(r -> r.releaseBody().thenReturn(r.statusCode().value()))
                .block(READ_TIMEOUT);
        assertThat(next).as("request after early answer %d", i).isEqualTo(200);
      }
    } finally {
      one.disposeLater().block(READ_TIMEOUT);
    }
  }

  @Test
  void shouldKeepTheConnectionAfterAnswersToWholeRequests() throws IOException {
    String operator = "Authorization: Bearer " + TestJwtIssuer.token("op-1", "operator");
    try (KeepAliveConnection connection = connect()) {
      // refused without a body, answered after reading its body, answered without needing one
      KeepAliveConnection.Response refused = connection.exchange("GET", "/things/1", null);
      KeepAliveConnection.Response created =
          connection.exchange("POST", "/things", BODY, JSON, operator);
      KeepAliveConnection.Response open = connection.exchange("GET", "/public", null);

      assertThat(refused.status()).isEqualTo(401);
      assertThat(created.status()).isEqualTo(200);
      assertThat(open.status()).isEqualTo(200);
      for (KeepAliveConnection.Response answer : List.of(refused, created, open)) {
        assertThat(answer.header("connection")).isNull();
      }
    }
  }

  private static DataBuffer buffer(String text) {
    return DefaultDataBufferFactory.sharedInstance.wrap(text.getBytes(StandardCharsets.UTF_8));
  }
}
