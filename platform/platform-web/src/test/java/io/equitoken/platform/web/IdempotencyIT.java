package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.SentStatements;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.web.idempotency.Idempotency;
import io.equitoken.platform.web.idempotency.IdempotencyPurger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.core.env.Environment;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

@SpringBootTest(
    classes = WebTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "equitoken.idempotency.purge-enabled=false",
      "equitoken.idempotency.purge-batch-size=2",
      "spring.lifecycle.timeout-per-shutdown-phase=7s"
    })
@AutoConfigureWebTestClient(timeout = "30s")
class IdempotencyIT {

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestJwtIssuer.register(registry);
    TestInfrastructure.registerDatabase(registry, "platformweb");
    // the API key revocation set fails closed until it has read identity.events.v1 once
    TestInfrastructure.registerKafka(registry);
  }

  @Autowired WebTestClient web;
  @Autowired DatabaseClient db;
  @Autowired IdempotencyPurger purger;
  @Autowired Environment environment;
  @Autowired WebTestApplication.OrderController controller;

  private final String investor = "inv-" + UUID.randomUUID();
  private final String token = TestJwtIssuer.token(investor, "investor");

  private WebTestClient.ResponseSpec post(String token, String key, String json) {
    var spec =
        web.post()
            .uri("/orders")
            .header("Authorization", "Bearer " + token)
            .header("X-Request-Id", "req-1")
            .contentType(MediaType.APPLICATION_JSON);
    if (key != null) {
      spec = spec.header(Idempotency.HEADER, key);
    }
    return spec.bodyValue(json).exchange();
  }

  @SuppressWarnings("unchecked")
  private EntityExchangeResult<Map<String, Object>> created(String token, String key, String json) {
    return (EntityExchangeResult<Map<String, Object>>)
        (EntityExchangeResult<?>)
            post(token, key, json).expectStatus().isCreated().expectBody(Map.class).returnResult();
  }

  @SuppressWarnings("unchecked")
  private EntityExchangeResult<Map<String, Object>> audited(String key) {
    return (EntityExchangeResult<Map<String, Object>>)
        (EntityExchangeResult<?>)
            web.post()
                .uri("/audited-orders")
                .header("Authorization", "Bearer " + token)
                .header(Idempotency.HEADER, key)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"item\":\"apple\",\"quantity\":3}")
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(Map.class)
                .returnResult();
  }

  private long orders(String principal) {
    return db.sql("select count(*) as n from test_order where principal = :p")
        .bind("p", principal)
        .map(row -> row.get("n", Long.class))
        .one()
        .block(Duration.ofSeconds(10));
  }

  @Test
  void refusalIsRenderedAsProblemWithCodeFieldAndRequestId() {
    web.get()
        .uri("/refused")
        .header("X-Request-Id", "req-42")
        .exchange()
        .expectStatus()
        .isEqualTo(409)
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.type")
        .isEqualTo("https://equitoken.io/problems/listing-closed")
        .jsonPath("$.code")
        .isEqualTo("listing-closed")
        .jsonPath("$.title")
        .isEqualTo("Conflict")
        .jsonPath("$.detail")
        .isEqualTo("The listing is closed.")
        .jsonPath("$.field")
        .isEqualTo("listingId")
        .jsonPath("$.status")
        .isEqualTo(409)
        .jsonPath("$.requestId")
        .isEqualTo("req-42")
        .jsonPath("$.instance")
        .isEqualTo("/refused");
  }

  @Test
  void sameKeyAndSameBodyReplaysTheFirstAnswerAndCreatesOnce() {
    String key = UUID.randomUUID().toString();
    var first = created(token, key, "{\"item\":\"apple\",\"quantity\":3}");
    // whitespace and member order do not make it another request
    var second = created(token, key, "{ \"quantity\": 3, \"item\": \"apple\" }");

    assertThat(second.getResponseBody()).isEqualTo(first.getResponseBody());
    assertThat(second.getResponseHeaders().getLocation())
        .isEqualTo(first.getResponseHeaders().getLocation())
        .hasToString("/orders/" + first.getResponseBody().get("id"));
    assertThat(first.getResponseHeaders().getFirst(Idempotency.REPLAYED_HEADER)).isEqualTo("false");
    assertThat(second.getResponseHeaders().getFirst(Idempotency.REPLAYED_HEADER)).isEqualTo("true");
    assertThat(orders(investor)).isEqualTo(1);
  }

  @Test
  void aFirstCallRecordsItsKeyWithTheAnswerInOneStatement() {
    try (SentStatements sent = SentStatements.capture()) {
      created(token, UUID.randomUUID().toString(), "{\"item\":\"apple\",\"quantity\":3}");

      assertThat(sent.matching("idempotency_record")).isEqualTo(1);
      assertThat(sent.matching("insert into idempotency_record")).isEqualTo(1);
    }
  }

  @Test
  void aRepeatRunsTheWorkAgainAndRollsItBack() {
    String key = UUID.randomUUID().toString();
    var first = created(token, key, "{\"item\":\"apple\",\"quantity\":3}");
    try (SentStatements sent = SentStatements.capture()) {
      var again = created(token, key, "{\"item\":\"apple\",\"quantity\":3}");

      assertThat(again.getResponseBody()).isEqualTo(first.getResponseBody());
      assertThat(sent.matching("insert into test_order")).isEqualTo(1);
    }
    assertThat(orders(investor)).isEqualTo(1);
  }

  @Test
  void aRepeatWhoseWorkIsRefusedNowGetsTheFirstAnswer() {
    String key = UUID.randomUUID().toString();
    var first = created(token, key, "{\"item\":\"last-one\",\"quantity\":1}");
    // the work itself refuses a second one
    post(token, UUID.randomUUID().toString(), "{\"item\":\"last-one\",\"quantity\":1}")
        .expectStatus()
        .isEqualTo(422)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("out-of-stock");

    var again = created(token, key, "{\"item\":\"last-one\",\"quantity\":1}");

    assertThat(again.getResponseBody()).isEqualTo(first.getResponseBody());
    assertThat(again.getResponseHeaders().getLocation())
        .isEqualTo(first.getResponseHeaders().getLocation());
    assertThat(again.getResponseHeaders().getFirst(Idempotency.REPLAYED_HEADER)).isEqualTo("true");
    post(token, key, "{\"item\":\"last-one\",\"quantity\":2}")
        .expectStatus()
        .isEqualTo(409)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("idempotency-key-reused");
    assertThat(orders(investor)).isEqualTo(1);
  }

  @Test
  void workWithAnEffectOutsideTheTransactionRunsOncePerKeyWhenClaimingFirst() throws Exception {
    int before = controller.auditLines.get();
    String key = UUID.randomUUID().toString();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try (SentStatements sent = SentStatements.capture()) {
      List<Future<Object>> answers = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        answers.add(pool.submit(() -> audited(key).getResponseBody().get("id")));
      }
      Set<Object> ids = new java.util.HashSet<>();
      for (Future<Object> answer : answers) {
        ids.add(answer.get(60, TimeUnit.SECONDS));
      }
      assertThat(ids).hasSize(1);
      // the repeats were answered from the claim, before their work
      assertThat(sent.matching("insert into test_order")).isEqualTo(1);
    } finally {
      pool.shutdownNow();
    }
    assertThat(controller.auditLines.get() - before).isEqualTo(1);
    assertThat(orders(investor)).isEqualTo(1);

    try (SentStatements sent = SentStatements.capture()) {
      audited(UUID.randomUUID().toString());
      // the claim and the answer
      assertThat(sent.matching("insert into idempotency_record")).isEqualTo(2);
    }
  }

  @Test
  void sameKeyWithAnotherBodyIsAConflict() {
    String key = UUID.randomUUID().toString();
    created(token, key, "{\"item\":\"apple\",\"quantity\":3}");
    post(token, key, "{\"item\":\"apple\",\"quantity\":4}")
        .expectStatus()
        .isEqualTo(409)
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("idempotency-key-reused")
        .jsonPath("$.field")
        .isEqualTo("Idempotency-Key")
        .jsonPath("$.requestId")
        .isEqualTo("req-1");
    assertThat(orders(investor)).isEqualTo(1);
  }

  @Test
  void keysAreScopedToThePrincipal() {
    String key = UUID.randomUUID().toString();
    String other = "inv-" + UUID.randomUUID();
    var mine = created(token, key, "{\"item\":\"apple\",\"quantity\":3}");
    var theirs =
        created(TestJwtIssuer.token(other, "investor"), key, "{\"item\":\"apple\",\"quantity\":3}");
    assertThat(theirs.getResponseBody().get("id")).isNotEqualTo(mine.getResponseBody().get("id"));
    assertThat(theirs.getResponseHeaders().getFirst(Idempotency.REPLAYED_HEADER))
        .isEqualTo("false");
    assertThat(orders(investor)).isEqualTo(1);
    assertThat(orders(other)).isEqualTo(1);
  }

  @Test
  void withoutAKeyEveryCallCreates() {
    created(token, null, "{\"item\":\"apple\",\"quantity\":3}");
    created(token, null, "{\"item\":\"apple\",\"quantity\":3}");
    assertThat(orders(investor)).isEqualTo(2);
  }

  @Test
  void invalidKeysAreRefusedWith400AndNothingIsStored() {
    for (String bad : List.of("", "x".repeat(256), "with space", "caf\u00e9")) {
      post(token, bad, "{\"item\":\"apple\",\"quantity\":3}")
          .expectStatus()
          .isBadRequest()
          .expectBody()
          .jsonPath("$.code")
          .isEqualTo("invalid-idempotency-key")
          .jsonPath("$.field")
          .isEqualTo("Idempotency-Key");
    }
    created(token, "x".repeat(255), "{\"item\":\"apple\",\"quantity\":3}");
    created(token, "!", "{\"item\":\"apple\",\"quantity\":3}");
    assertThat(orders(investor)).isEqualTo(2);
  }

  @Test
  void aRefusedCallRecordsNothingAndIsEvaluatedAgainOnRetry() {
    String key = UUID.randomUUID().toString();
    for (int attempt = 0; attempt < 2; attempt++) {
      post(token, key, "{\"item\":\"refuse\",\"quantity\":1}")
          .expectStatus()
          .isEqualTo(422)
          .expectBody()
          .jsonPath("$.code")
          .isEqualTo("out-of-stock");
    }
    assertThat(orders(investor)).isZero();
    // the key is still free for its first successful use
    created(token, key, "{\"item\":\"pear\",\"quantity\":1}");
    assertThat(orders(investor)).isEqualTo(1);
  }

  @Test
  void concurrentRetriesWithOneKeyCreateOnce() throws Exception {
    String key = UUID.randomUUID().toString();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Object>> answers = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        answers.add(
            pool.submit(
                () ->
                    created(token, key, "{\"item\":\"apple\",\"quantity\":3}")
                        .getResponseBody()
                        .get("id")));
      }
      Set<Object> ids = new java.util.HashSet<>();
      for (Future<Object> answer : answers) {
        ids.add(answer.get(60, TimeUnit.SECONDS));
      }
      assertThat(ids).hasSize(1);
    } finally {
      pool.shutdownNow();
    }
    assertThat(orders(investor)).isEqualTo(1);
  }

  @Test
  void expiredRecordsArePurgedInBatchesAndAnExpiredKeyCountsAsNew() {
    String principal = "old-" + UUID.randomUUID();
    Instant old = Instant.now().minus(Duration.ofDays(2));
    for (int i = 0; i < 3; i++) {
      insertRecord(principal, "k" + i, old);
    }
    insertRecord(principal, "fresh", Instant.now());

    Long purged = purger.purgeExpired().block(Duration.ofSeconds(30));

    assertThat(purged).isGreaterThanOrEqualTo(3);
    assertThat(records(principal)).containsExactly("fresh");

    // an expired record for this investor's key: another body is no conflict, it is a new call
    insertRecord(investor, "reused-after-expiry", old);
    created(token, "reused-after-expiry", "{\"item\":\"apple\",\"quantity\":3}");
    assertThat(orders(investor)).isEqualTo(1);
  }

  @Test
  void platformDefaultsApplyAndTheServiceOverridesThem() {
    assertThat(environment.getProperty("server.shutdown")).isEqualTo("graceful");
    assertThat(environment.getProperty("management.endpoint.health.probes.enabled"))
        .isEqualTo("true");
    assertThat(environment.getProperty("spring.jackson.deserialization.fail-on-unknown-properties"))
        .isEqualTo("true");
    assertThat(environment.getProperty("spring.lifecycle.timeout-per-shutdown-phase"))
        .isEqualTo("7s");
    // strict JSON: an unknown member is a 400 naming it
    post(token, null, "{\"item\":\"apple\",\"quantity\":3,\"colour\":\"red\"}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("colour");
  }

  private void insertRecord(String principal, String key, Instant createdAt) {
    db.sql(
            "insert into idempotency_record (principal_id, operation, idempotency_key,"
                + " fingerprint, status, headers, body, created_at) values (:p, 'POST /orders',"
                + " :k, 'old', 201, '{}', null, :at)")
        .bind("p", principal)
        .bind("k", key)
        .bind("at", createdAt)
        .then()
        .block(Duration.ofSeconds(10));
  }

  private List<String> records(String principal) {
    return db.sql("select idempotency_key from idempotency_record where principal_id = :p")
        .bind("p", principal)
        .map(row -> row.get("idempotency_key", String.class))
        .all()
        .collectList()
        .block(Duration.ofSeconds(10));
  }
}
