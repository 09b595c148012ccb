package io.equitoken.trading.service.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.PackagedService;
import io.equitoken.platform.test.RestartableKafka;
import io.equitoken.platform.test.TestDatabase;
import io.equitoken.platform.test.TestInfrastructure;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the crash tests run trading-service's packaged jar on, and what they do to it from outside:
 * a broker of the test's own (restartable) and the test's database, opened together and closed with
 * every instance made on them; the facts other services would publish (a listed token, an approved
 * investor), sent to that broker; and calls of its HTTP API at the base URL of an instance the test
 * chooses, with short timeouts so that a dead instance answers at once.
 *
 * <pre>{@code
 * @BeforeAll void platform() {
 *   trading = PackagedTrading.open("trading_crash", "crash-it");
 *   a = trading.instance("crash-a", settings);
 * }
 * @AfterAll void stop() throws InterruptedException { trading.close(); }
 * }</pre>
 */
final class PackagedTrading implements AutoCloseable {

  static final JsonMapper JSON = JsonMapper.builder().build();

  private final RestartableKafka kafka;
  private final TestDatabase database;
  private final String logs;
  private final List<PackagedService> instances = new CopyOnWriteArrayList<>();
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private PackagedTrading(RestartableKafka kafka, TestDatabase database, String logs) {
    this.kafka = kafka;
    this.database = database;
    this.logs = logs;
  }

  /**
   * Starts a broker of the test's own and opens the test's database {@code database}; the
   * instances' logs go to {@code target/<logs>/}.
   */
  static PackagedTrading open(String database, String logs) {
    RestartableKafka kafka = new RestartableKafka().start();
    try {
      return new PackagedTrading(kafka, TestInfrastructure.database(database), logs);
    } catch (RuntimeException | Error e) {
      kafka.close();
      throw e;
    }
  }

  /** The test's broker, which it may restart. */
  RestartableKafka kafka() {
    return kafka;
  }

  /** The test's database. */
  TestDatabase database() {
    return database;
  }

  /**
   * trading-service's packaged jar as a process of its own (not started yet; killed with SIGKILL to
   * crash it) on the test's database and broker, with the test's {@code settings}; its log in
   * {@code target/<logs>/<name>.log}. Killed on {@link #close()}.
   */
  PackagedService instance(String name, Map<String, String> settings) {
    PackagedService instance =
        PackagedService.of(name, Path.of("target", "trading-service.jar"))
            .jvmOptions("-Xmx384m", "-XX:TieredStopAtLevel=1")
            .classDataSharing()
            .log(Path.of("target", logs, name + ".log"))
            .settings(PackagedService.platformSettings(database, kafka.bootstrapServers()))
            .settings(settings);
    instances.add(instance);
    return instance;
  }

  /** Kills every instance, then stops the broker and deletes its log. */
  @Override
  public void close() throws InterruptedException {
    try {
      for (PackagedService instance : instances) {
        instance.close();
      }
    } finally {
      kafka.close();
    }
  }

  /** A listed, tradable token of {@code issuer}: its issue and its listing's publication. */
  void list(String issuer, String tokenId, String tokenName) {
    String listingId = UUID.randomUUID().toString();
    String at = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    Map<String, Object> issued = new LinkedHashMap<>();
    issued.put("listingId", listingId);
    issued.put("tokenId", tokenId);
    issued.put("isin", "LU0000000000");
    issued.put("tokenName", tokenName);
    issued.put("supply", 100000);
    issued.put("price", 2.5);
    issued.put("issuerPrincipalId", issuer);
    issued.put("issuedBy", issuer);
    issued.put("issuedAt", at);
    fact("listings.events.v1", listingId, "equitoken.listings.token.issued.v1", issued);
    fact(
        "listings.events.v1",
        listingId,
        "equitoken.listings.listing.published.v1",
        Map.of(
            "listingId", listingId,
            "founderId", issuer,
            "tokenId", tokenId,
            "status", "active",
            "publishedAt", at));
  }

  /** An investor whose KYC compliance approved (DE, not accredited, for a year). */
  void approve(String investorId) {
    String at = Instant.now().toString();
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("investorId", investorId);
    data.put("submissionId", UUID.randomUUID().toString());
    data.put("kycState", "approved");
    data.put("accreditation", "none");
    data.put("accreditationExpiresAt", null);
    data.put("country", "DE");
    data.put("decidedAt", at);
    data.put("expiresAt", Instant.now().plus(Duration.ofDays(365)).toString());
    data.put("changedAt", at);
    fact("compliance.events.v1", investorId, "equitoken.compliance.status.changed.v1", data);
  }

  private void fact(String topic, String key, String type, Object data) {
    KafkaRecords.sendCloudEvent(
        kafka.bootstrapServers(),
        topic,
        key,
        UUID.randomUUID().toString(),
        "/test",
        type,
        JSON.writeValueAsString(data));
  }

  /**
   * Schedules a continuous window on the tokens that opens within seconds and waits until it is
   * open; answers its id. {@code baseUrl} is asked for an instance at each call.
   */
  String openWindow(Supplier<String> baseUrl, String bearer, List<String> tokens)
      throws IOException, InterruptedException {
    // soon, so that the test does not wait for it; on a loaded machine the request may arrive
    // after that moment, and is then refused (opens-not-in-future) and sent again a little later
    HttpResponse<String> created = null;
    for (int lead = 3; lead <= 48 && (created == null || created.statusCode() != 201); lead *= 2) {
      Instant opens = Instant.now().plusSeconds(lead);
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("tokenIds", tokens);
      body.put("mechanism", "continuous");
      body.put("opens", opens.toString());
      body.put("closes", opens.plus(Duration.ofHours(2)).toString());
      created =
          post(baseUrl.get(), "/liquidity/windows", bearer, JSON.writeValueAsString(body), null);
      if (created.statusCode() != 201) {
        assertThat(created.body()).as("refusal of the window").contains("opens-not-in-future");
      }
    }
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    String id = JSON.readTree(created.body()).get("id").asString();
    Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
    while (Instant.now().isBefore(deadline)) {
      JsonNode w = get(baseUrl.get(), "/liquidity/windows/" + id, bearer);
      if (w != null && "open".equals(w.get("status").asString())) {
        return id;
      }
      Thread.sleep(250);
    }
    throw new AssertionError("window " + id + " did not open");
  }

  /** A JSON {@code POST}, with an {@code Idempotency-Key} unless it is null. */
  HttpResponse<String> post(
      String baseUrl, String path, String bearer, String json, String idempotencyKey)
      throws IOException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(baseUrl + path))
            .header("Authorization", "Bearer " + bearer)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json));
    if (idempotencyKey != null) {
      request.header("Idempotency-Key", idempotencyKey);
    }
    return send(request);
  }

  /** A JSON {@code PUT}. */
  HttpResponse<String> put(String baseUrl, String path, String bearer, String json)
      throws IOException {
    return send(
        HttpRequest.newBuilder(URI.create(baseUrl + path))
            .header("Authorization", "Bearer " + bearer)
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(json)));
  }

  /** The body of a {@code 200}, else null (also when the instance is unreachable). */
  JsonNode get(String baseUrl, String path, String bearer) {
    try {
      HttpResponse<String> r =
          send(
              HttpRequest.newBuilder(URI.create(baseUrl + path))
                  .header("Authorization", "Bearer " + bearer)
                  .GET());
      return r.statusCode() == 200 ? JSON.readTree(r.body()) : null;
    } catch (IOException unreachable) {
      return null;
    }
  }

  private HttpResponse<String> send(HttpRequest.Builder request) throws IOException {
    try {
      return http.send(
          request.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  /** The body of {@code POST /trade}. */
  static String order(String token, String side, String quantity, String price) {
    return "{\"tokenId\":\""
        + token
        + "\",\"type\":\""
        + side
        + "\",\"quantity\":"
        + quantity
        + ",\"maxPrice\":"
        + price
        + "}";
  }
}
