package io.equitoken.gateway.support;

import io.equitoken.gateway.routing.Upstream;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * One gateway for every integration test class (same configuration, so Spring reuses the context):
 * a random HTTPS port with a certificate generated into {@link #TLS_DIR}, real RS256 tokens checked
 * against a real JWKS endpoint, and fake services on loopback. Tests talk HTTPS to it, trusting
 * only the generated certificate, with hostname verification on.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "equitoken.gateway.tls.self-signed-dir=" + GatewayItSupport.TLS_DIR,
      "equitoken.gateway.rate-limit.capacity=" + GatewayItSupport.CAPACITY,
      "equitoken.gateway.rate-limit.refill-tokens=1",
      "equitoken.gateway.rate-limit.refill-period=30s",
      "equitoken.gateway.rate-limit.anonymous-capacity=1000",
      "equitoken.gateway.rate-limit.anonymous-refill-tokens=100",
      "equitoken.gateway.rate-limit.benchmark-keys=" + GatewayItSupport.BENCHMARK_KEY,
      "equitoken.gateway.rate-limit.benchmark-rate=" + GatewayItSupport.BENCHMARK_RATE,
      "equitoken.gateway.circuit-breaker.timeout=2s",
      "equitoken.gateway.circuit-breaker.minimum-calls=5",
      "equitoken.gateway.circuit-breaker.sliding-window-size=10",
      "equitoken.gateway.circuit-breaker.open-duration=30s",
      "equitoken.security.jwks-refetch-cooldown=1s",
      "equitoken.gateway.kyc-upload-max-bytes=" + GatewayItSupport.UPLOAD_CAP,
      "equitoken.gateway.body-read-timeout=" + GatewayItSupport.BODY_READ_TIMEOUT_SECONDS + "s"
    })
public abstract class GatewayItSupport {

  public static final String TLS_DIR = "target/it-tls";
  public static final int CAPACITY = 20;

  /** The KYC upload cap here: 1 MiB, so that streaming past it is quick. */
  public static final long UPLOAD_CAP = 1024 * 1024;

  /** The gateway's body read timeout here: a stalled body is answered 408 after it. */
  public static final int BODY_READ_TIMEOUT_SECONDS = 3;

  public static final String BENCHMARK_KEY = "it-benchmark-key";
  public static final int BENCHMARK_RATE = 100_000;
  public static final java.time.Duration JWKS_REFETCH_COOLDOWN = java.time.Duration.ofSeconds(1);

  @LocalServerPort protected int port;

  protected WebTestClient client;

  static {
    // The JDK's HttpServer (fake services, JWKS) otherwise waits ~40 ms per response for
    // delayed ACKs (Nagle); must be set before the first HttpServer of this JVM exists.
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  @DynamicPropertySource
  static void peers(DynamicPropertyRegistry registry) {
    registry.add("equitoken.security.issuer", () -> TestJwtIssuer.ISSUER);
    registry.add("equitoken.security.audience", () -> TestJwtIssuer.AUDIENCE);
    registry.add("equitoken.security.jwks-uri", TestJwtIssuer::jwksUri);
    // the API key revocation set reads identity.events.v1 from a real broker
    TestInfrastructure.registerKafka(registry);
    for (Upstream upstream : Upstream.values()) {
      registry.add(
          "equitoken.gateway." + upstream.settingName() + "-uri",
          () -> FakeUpstreams.uri(upstream));
    }
  }

  /** The connections of the test's client, closed after the test. */
  private ConnectionProvider connections;

  @BeforeEach
  void httpsClient() throws SSLException {
    SslContext trustOnlyTheGatewayCertificate =
        SslContextBuilder.forClient().trustManager(certificate().toFile()).build();
    // a pool of the test's own: a client with a new TLS context never shares the pool of another,
    // so without closing them every test left its connections open at the gateway, which closes a
    // client address's connections beyond 256 at once (a suite of a hundred tests got there)
    connections = ConnectionProvider.create("gateway-it", 16);
    HttpClient http =
        HttpClient.create(connections)
            .secure(ssl -> ssl.sslContext(trustOnlyTheGatewayCertificate));
    client =
        WebTestClient.bindToServer(new ReactorClientHttpConnector(http))
            .baseUrl("https://localhost:" + port)
            .filter(GatewayItSupport::readWhole)
            .responseTimeout(Duration.ofSeconds(20))
            // the merged OpenAPI document (descriptions, problem examples, webhooks) is larger
            // than the client's 256 KiB default buffer
            .codecs(codecs -> codecs.defaultCodecs().maxInMemorySize(4 * 1024 * 1024))
            .build();
  }

  /**
   * Reads every answer's body whole before the test sees the answer. The client hands a connection
   * back to its pool only once the body has been read, and a test that checks only the status never
   * reads it: a few such calls in a row would hold every connection of the pool, and the next call
   * would wait for one until it timed out.
   */
  private static Mono<ClientResponse> readWhole(ClientRequest request, ExchangeFunction next) {
    return next.exchange(request)
        .flatMap(
            response ->
                response
                    .bodyToMono(byte[].class)
                    .defaultIfEmpty(new byte[0])
                    .map(
                        body ->
                            response
                                .mutate()
                                .body(Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(body)))
                                .build()));
  }

  @AfterEach
  void closeConnections() {
    connections.disposeLater().block(Duration.ofSeconds(10));
  }

  protected static Path certificate() {
    return Path.of(TLS_DIR, "gateway.crt");
  }

  protected static File certificateFile() {
    return certificate().toFile();
  }

  /** A request id of the test's own, to find the request again at the fake service. */
  protected static String newRequestId() {
    return "it-" + UUID.randomUUID();
  }

  /** {@code GET path} through the gateway with a fresh token of a caller holding {@code roles}. */
  protected WebTestClient.ResponseSpec get(String path, String... roles) {
    return client.get().uri(path).header("Authorization", "Bearer " + tokenFor(roles)).exchange();
  }

  /** A token for a caller of its own (so rate-limit buckets of different tests never mix). */
  protected static String tokenFor(String... roles) {
    return TestJwtIssuer.token("caller-" + UUID.randomUUID(), roles);
  }
}
