package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.equitoken.platform.test.WebhookReceiver;
import io.equitoken.webhooks.delivery.Deliveries;
import io.equitoken.webhooks.delivery.Dispatcher;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.spi.Wrapped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Events from the real broker reach a receiver on loopback signed as the Standard Webhooks spec
 * says (checked with the official library), and the retry, disable, redirect and Retry-After rules
 * hold.
 */
class DeliveryIT extends WebhooksIntegrationBase {

  static final String TRADE = "equitoken.trading.trade.executed.v1";
  static final String PRICE = "equitoken.trading.price.updated.v1";
  static final String WINDOW_OPENED = "equitoken.trading.window.opened.v1";
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Duration WAIT = Duration.ofSeconds(60);

  private WebhookReceiver receiver;
  private String owner;
  private String token;
  private String tokenId;

  @BeforeEach
  void receiver() {
    receiver = new WebhookReceiver();
    owner = Api.newPrincipal();
    token = Api.investor(owner);
    tokenId = UUID.randomUUID().toString();
  }

  @AfterEach
  void close() {
    // the shared context outlives this test: its subscriptions must not receive later tests' events
    db.sql("delete from subscription where owner_id = $1").bind(0, owner).then().block();
    receiver.close();
  }

  private String trade() {
    return Events.example(TRADE, e -> e.put("tokenId", tokenId));
  }

  private String price() {
    return Events.example(PRICE, e -> e.put("tokenId", tokenId));
  }

  private List<WebhookReceiver.Received> awaitReceived(WebhookReceiver r, int n) {
    await().atMost(WAIT).pollInterval(Duration.ofMillis(100)).until(() -> r.received().size() >= n);
    return r.received();
  }

  private static JsonNode body(WebhookReceiver.Received r) {
    return JSON.readTree(r.body());
  }

  private JsonNode log(String subscriptionId, String query) {
    return api.get("/webhooks/subscriptions/" + subscriptionId + "/deliveries" + query, token);
  }

  @Test
  void shouldAskTheDatabaseForItsAnswersInBinary() {
    // the claim reads every delivery's timestamps: parsed from text they were 6 % of the
    // service's CPU per delivery (docs/benchmarks.md, "Webhook deliveries")
    Object connections = db.getConnectionFactory();
    while (connections instanceof Wrapped<?> wrapper) {
      connections = wrapper.unwrap();
    }

    assertThat(connections).isInstanceOf(PostgresqlConnectionFactory.class);
    assertThat(connections.toString()).contains("forceBinary='true'");
  }

  @Test
  void shouldDeliverATradeSignedAndWithoutBuyerOrSeller() {
    // given a subscription to trades
    JsonNode sub = api.subscribe(token, receiver.url(), "trade.executed");

    // when trading publishes the contract's example trade
    String eventId = Events.send(TRADE, tokenId, trade());

    // then the receiver gets it once, verifiable with the subscription's secret
    WebhookReceiver.Received got = awaitReceived(receiver, 1).get(0);
    assertThat(got.verifiesWith(sub.get("secret").asString())).isTrue();
    assertThat(got.id()).isEqualTo("msg_" + eventId);
    assertThat(got.signature()).startsWith("v1,");
    JsonNode body = body(got);
    assertThat(body.get("type").asString()).isEqualTo("trade.executed");
    assertThat(Instant.parse(body.get("timestamp").asString())).isNotNull();
    JsonNode data = body.get("data");
    assertThat(data.get("tokenId").asString()).isEqualTo(tokenId);
    assertThat(data.get("price").decimalValue()).isEqualByComparingTo("13.1");
    assertThat(data.has("buyerId")).isFalse();
    assertThat(data.has("buyOrderId")).as("the orders are not disclosed").isFalse();
    assertThat(data.has("sellOrderId")).isFalse();
    assertThat(data.has("sellerId")).isFalse();
  }

  @Test
  void shouldRetryWithTheSameWebhookIdAndLogEveryAttempt() {
    // given a receiver that fails once, then accepts
    AtomicInteger calls = new AtomicInteger();
    receiver.answer(
        r ->
            calls.incrementAndGet() == 1
                ? new WebhookReceiver.Answer(500, Map.of(), "temporarily broken")
                : WebhookReceiver.Answer.status(204));
    JsonNode sub = api.subscribe(token, receiver.url(), "price.updated");
    String id = sub.get("id").asString();

    // when a price event is delivered
    Events.send(PRICE, tokenId, price());

    // then it arrives twice with the same webhook-id, both signed
    List<WebhookReceiver.Received> got = awaitReceived(receiver, 2);
    assertThat(got.get(0).id()).isEqualTo(got.get(1).id());
    assertThat(got).allMatch(r -> r.verifiesWith(sub.get("secret").asString()));

    // and the log shows both attempts
    await()
        .atMost(WAIT)
        .until(() -> log(id, "").get(0).get("status").asString().equals("succeeded"));
    JsonNode delivery = log(id, "").get(0);
    assertThat(delivery.get("webhookId").asString()).isEqualTo(got.get(0).id());
    assertThat(delivery.get("attemptCount").asInt()).isEqualTo(2);
    JsonNode first = delivery.get("attempts").get(0);
    assertThat(first.get("responseStatus").asInt()).isEqualTo(500);
    assertThat(first.get("responseExcerpt").asString()).isEqualTo("temporarily broken");
    assertThat(first.get("error").asString()).isEqualTo("HTTP 500");
    assertThat(Instant.parse(first.get("nextAttemptAt").asString()))
        .isAfter(Instant.parse(first.get("attemptedAt").asString()));
    assertThat(first.get("durationMs").asLong()).isNotNegative();
    JsonNode second = delivery.get("attempts").get(1);
    assertThat(second.get("responseStatus").asInt()).isEqualTo(204);
    assertThat(second.get("error").isNull()).isTrue();
  }

  @Test
  void shouldDisableTheSubscriptionOn410WithAVisibleReason() {
    receiver.answer(r -> WebhookReceiver.Answer.status(410));
    String id = api.subscribe(token, receiver.url(), "price.updated").get("id").asString();

    Events.send(PRICE, tokenId, price());

    await()
        .atMost(WAIT)
        .until(
            () ->
                api.get("/webhooks/subscriptions/" + id, token)
                    .get("status")
                    .asString()
                    .equals("disabled"));
    JsonNode sub = api.get("/webhooks/subscriptions/" + id, token);
    assertThat(sub.get("disabledReason").asString()).contains("410");
    assertThat(log(id, "?status=failed").size()).isEqualTo(1);
  }

  @Test
  void shouldHonourRetryAfter() {
    receiver.answer(r -> new WebhookReceiver.Answer(429, Map.of("Retry-After", "600"), ""));
    String id = api.subscribe(token, receiver.url(), "price.updated").get("id").asString();

    Events.send(PRICE, tokenId, price());

    await()
        .atMost(WAIT)
        .until(() -> log(id, "").size() == 1 && log(id, "").get(0).get("attempts").size() == 1);
    JsonNode attempt = log(id, "").get(0).get("attempts").get(0);
    assertThat(attempt.get("responseStatus").asInt()).isEqualTo(429);
    assertThat(Instant.parse(attempt.get("nextAttemptAt").asString()))
        .isAfterOrEqualTo(Instant.parse(attempt.get("attemptedAt").asString()).plusSeconds(600));
  }

  @Test
  void shouldNeverFollowARedirect() {
    try (WebhookReceiver elsewhere = new WebhookReceiver()) {
      receiver.answer(
          r -> new WebhookReceiver.Answer(307, Map.of("Location", elsewhere.url()), ""));
      String id = api.subscribe(token, receiver.url(), "price.updated").get("id").asString();

      Events.send(PRICE, tokenId, price());

      await()
          .atMost(WAIT)
          .until(() -> log(id, "").size() == 1 && log(id, "").get(0).get("attempts").size() == 1);
      JsonNode attempt = log(id, "").get(0).get("attempts").get(0);
      assertThat(attempt.get("responseStatus").asInt()).isEqualTo(307);
      assertThat(attempt.get("error").asString()).contains("redirects are not followed");
      assertThat(elsewhere.received()).isEmpty();
    }
  }

  @Test
  void shouldSignUnderBothSecretsDuringARotation() {
    JsonNode sub = api.subscribe(token, receiver.url(), "price.updated");
    String id = sub.get("id").asString();
    String fresh = api.rotateSecret(token, id).get("secret").asString();

    Events.send(PRICE, tokenId, price());

    WebhookReceiver.Received got = awaitReceived(receiver, 1).get(0);
    assertThat(got.signature().split(" ")).hasSize(2);
    assertThat(got.verifiesWith(fresh)).isTrue();
    assertThat(got.verifiesWith(sub.get("secret").asString())).isTrue();
  }

  @Test
  void shouldFanOutARedeliveredEventOnlyOnce() {
    api.subscribe(token, receiver.url(), "trade.executed", "price.updated");

    // when the same trade event comes twice, then a marker on the same key (same partition)
    String eventId = UUID.randomUUID().toString();
    Events.send(eventId, TRADE, tokenId, trade());
    Events.send(eventId, TRADE, tokenId, trade());
    Events.send(PRICE, tokenId, price());

    // then the marker arrives after the trade, and the trade arrived once
    await()
        .atMost(WAIT)
        .until(
            () ->
                receiver.received().stream()
                    .anyMatch(r -> body(r).get("type").asString().equals("price.updated")));
    assertThat(receiver.received().stream().filter(r -> r.id().equals("msg_" + eventId)))
        .hasSize(1);
    assertThat(count("select count(*) from delivery where event_id = $1", eventId)).isOne();
  }

  @Test
  void shouldQueueATestEventAndShowItsAttemptInTheLog() {
    JsonNode sub = api.subscribe(token, receiver.url(), "trade.executed");
    String id = sub.get("id").asString();

    var answer =
        api.call(HttpMethod.POST, "/webhooks/subscriptions/" + id + "/test", token, null)
            .expectStatus()
            .isAccepted()
            .expectHeader()
            .valueEquals(
                "Location", "/webhooks/subscriptions/" + id + "/deliveries?eventType=webhook.test");
    JsonNode result = Api.json(answer);

    assertThat(result.get("status").asString()).isEqualTo("pending");
    WebhookReceiver.Received got = awaitReceived(receiver, 1).get(0);
    assertThat(got.verifiesWith(sub.get("secret").asString())).isTrue();
    assertThat(body(got).get("type").asString()).isEqualTo("webhook.test");
    assertThat(got.id()).isEqualTo(result.get("webhookId").asString());
    await()
        .atMost(WAIT)
        .until(() -> log(id, "?eventType=webhook.test&status=succeeded").size() == 1);
    JsonNode logged = log(id, "?eventType=webhook.test").get(0);
    assertThat(logged.get("id").asString()).isEqualTo(result.get("deliveryId").asString());
    assertThat(logged.get("attempts").get(0).get("responseStatus").asInt()).isEqualTo(200);
  }

  @Test
  void shouldLogTheTestAttemptOfAFailingEndpoint() {
    receiver.answer(r -> new WebhookReceiver.Answer(500, Map.of(), "x".repeat(10_000)));
    String id = api.subscribe(token, receiver.url(), "trade.executed").get("id").asString();

    api.call(HttpMethod.POST, "/webhooks/subscriptions/" + id + "/test", token, null)
        .expectStatus()
        .isAccepted();

    await()
        .atMost(WAIT)
        .until(
            () -> {
              JsonNode page = log(id, "?eventType=webhook.test");
              return page.size() == 1 && page.get(0).get("attempts").size() >= 1;
            });
    JsonNode attempt = log(id, "?eventType=webhook.test").get(0).get("attempts").get(0);
    assertThat(attempt.get("responseStatus").asInt()).isEqualTo(500);
    assertThat(attempt.get("responseExcerpt").asString().length()).isLessThanOrEqualTo(512);
  }

  @Test
  void shouldAnswerTestCallsAtOnceWhileTheReceiverHoldsThemAndServeOthersMeanwhile() {
    // the attack: parallel test sends to a receiver that answers only after a long time
    receiver.hold();
    try {
      String id = api.subscribe(token, receiver.url(), "trade.executed").get("id").asString();
      java.util.List<reactor.core.publisher.Mono<Integer>> calls = new java.util.ArrayList<>();
      for (int i = 0; i < 12; i++) {
        calls.add(
            reactor.core.publisher.Mono.fromCallable(
                    () ->
                        api.call(
                                HttpMethod.POST,
                                "/webhooks/subscriptions/" + id + "/test",
                                token,
                                null)
                            .returnResult(Void.class)
                            .getStatus()
                            .value())
                .subscribeOn(reactor.core.scheduler.Schedulers.boundedElastic()));
      }
      java.util.List<Integer> statuses =
          reactor.core.publisher.Flux.merge(calls).collectList().block(WAIT);

      // every call is answered 202 while the receiver still holds the requests it got
      assertThat(statuses).hasSize(12).containsOnly(202);
      assertThat(receiver.received()).isEmpty();
      // another user is served meanwhile
      api.call(HttpMethod.GET, "/webhooks/subscriptions", Api.investor(Api.newPrincipal()), null)
          .expectStatus()
          .isOk();
      // and each test send is in the log
      assertThat(log(id, "?eventType=webhook.test").size()).isEqualTo(12);
    } finally {
      receiver.release();
    }
  }

  @Test
  void shouldFilterAndPageTheDeliveryLog() {
    String id =
        api.subscribe(token, receiver.url(), "trade.executed", "price.updated")
            .get("id")
            .asString();
    Events.send(TRADE, tokenId, trade());
    Events.send(PRICE, tokenId, price());
    Events.send(PRICE, tokenId, price());
    awaitReceived(receiver, 3);
    await().atMost(WAIT).until(() -> log(id, "?status=succeeded").size() == 3);

    assertThat(log(id, "?eventType=price.updated").size()).isEqualTo(2);
    assertThat(log(id, "?eventType=trade.executed").size()).isEqualTo(1);
    assertThat(log(id, "?status=failed").size()).isZero();
    var first =
        api.call(
                HttpMethod.GET,
                "/webhooks/subscriptions/" + id + "/deliveries?limit=2",
                token,
                null)
            .expectStatus()
            .isOk()
            .expectBody()
            .returnResult();
    String link = first.getResponseHeaders().getFirst("Link");
    assertThat(link).contains("rel=\"next\"");
    JsonNode rest = api.get(link.substring(1, link.indexOf('>')), token);
    assertThat(rest.size()).isEqualTo(1);
    api.call(
            HttpMethod.GET,
            "/webhooks/subscriptions/" + id + "/deliveries?eventType=nope",
            token,
            null)
        .expectStatus()
        .isEqualTo(422);
    api.call(
            HttpMethod.GET,
            "/webhooks/subscriptions/" + id + "/deliveries?status=lost",
            token,
            null)
        .expectStatus()
        .isBadRequest();
  }

  @Test
  void shouldReplayADeliveryWithTheSameWebhookId() {
    String id = api.subscribe(token, receiver.url(), "price.updated").get("id").asString();
    Events.send(PRICE, tokenId, price());
    awaitReceived(receiver, 1);
    await().atMost(WAIT).until(() -> log(id, "?status=succeeded").size() == 1);
    String deliveryId = log(id, "").get(0).get("id").asString();

    api.call(
            HttpMethod.POST,
            "/webhooks/subscriptions/" + id + "/deliveries/" + deliveryId + "/replay",
            token,
            null)
        .expectStatus()
        .isAccepted();

    List<WebhookReceiver.Received> got = awaitReceived(receiver, 2);
    assertThat(got.get(1).id()).isEqualTo(got.get(0).id());
  }

  @Test
  void shouldRecoverFailedDeliveriesSinceAGivenTime() {
    // given a delivery that failed for good (410 disabled the subscription)
    Instant before = Instant.now().minusSeconds(1);
    receiver.answer(r -> WebhookReceiver.Answer.status(410));
    String id = api.subscribe(token, receiver.url(), "price.updated").get("id").asString();
    Events.send(PRICE, tokenId, price());
    await().atMost(WAIT).until(() -> log(id, "?status=failed").size() == 1);

    // when the owner fixes the endpoint, enables the subscription and recovers
    receiver.answer(r -> WebhookReceiver.Answer.status(200));
    api.call(HttpMethod.PATCH, "/webhooks/subscriptions/" + id, token, Map.of("status", "enabled"))
        .expectStatus()
        .isOk();
    JsonNode recovered =
        Api.json(
            api.call(
                    HttpMethod.POST,
                    "/webhooks/subscriptions/" + id + "/recover",
                    token,
                    Map.of("since", before.toString()))
                .expectStatus()
                .isAccepted());

    // then the failed delivery is sent again and succeeds
    assertThat(recovered.get("requeued").asLong()).isEqualTo(1);
    await().atMost(WAIT).until(() -> log(id, "?status=succeeded").size() == 1);
    assertThat(receiver.received()).hasSize(2);
  }

  @Test
  void shouldNotLetADeadEndpointDelayAnother() {
    // given a hanging endpoint and a healthy one, both subscribed to prices
    try (WebhookReceiver healthy = new WebhookReceiver()) {
      receiver.hold();
      api.subscribe(token, receiver.url(), "price.updated");
      api.subscribe(token, healthy.url(), "price.updated");

      // when six prices are published
      for (int i = 0; i < 6; i++) {
        Events.send(PRICE, tokenId, price());
      }

      // then the healthy endpoint gets all six while the other still hangs
      awaitReceived(healthy, 6);
      assertThat(receiver.received()).isEmpty();
      receiver.release();
    }
  }

  @Test
  void shouldRefuseADeliveryWhoseHostRebindsToAForbiddenAddress() {
    // given a host that resolves to loopback when subscribing (admitted in local runs)...
    String host = "rebind-" + UUID.randomUUID().toString().substring(0, 8) + ".test";
    dns(host, "127.0.0.1", "169.254.169.254");
    String url = receiver.url().replace("127.0.0.1", host);
    String id = api.subscribe(token, url, "price.updated").get("id").asString();

    // ...and to the cloud metadata address at delivery time
    Events.send(PRICE, tokenId, price());

    // then nothing is sent and the attempt says why
    await()
        .atMost(WAIT)
        .until(() -> log(id, "").size() == 1 && log(id, "").get(0).get("attempts").size() == 1);
    JsonNode attempt = log(id, "").get(0).get("attempts").get(0);
    assertThat(attempt.get("error").asString()).contains("Not sent").contains("link-local");
    assertThat(attempt.get("responseStatus").isNull()).isTrue();
    assertThat(receiver.received()).isEmpty();
  }

  @Test
  void shouldFailADeliveryForGoodWithOneLogLineWhenTheStoredSecretIsUnusable() {
    // given a subscription whose stored secret was written outside the API and is no base64 key
    String id = api.subscribe(token, receiver.url(), "price.updated").get("id").asString();
    storeSecret(id, "whsec_not base64!");

    try (CapturedLog captured = CapturedLog.of(Deliveries.class, Dispatcher.class)) {
      // when a price is published
      Events.send(PRICE, tokenId, price());

      // then the delivery fails at its first attempt, which says why, and nothing is sent
      await()
          .atMost(WAIT)
          .until(() -> log(id, "").size() == 1 && log(id, "").get(0).get("attempts").size() == 1);
      JsonNode delivery = log(id, "").get(0);
      assertThat(delivery.get("status").asString()).isEqualTo("failed");
      JsonNode attempt = delivery.get("attempts").get(0);
      assertThat(attempt.get("error").asString()).contains("Not sent").contains("rotate");
      assertThat(receiver.received()).isEmpty();

      // and the log has one line about it, without a stack trace
      String deliveryId = delivery.get("id").asString();
      assertThat(captured.events())
          .filteredOn(e -> e.getFormattedMessage().contains(deliveryId))
          .singleElement()
          .satisfies(
              e -> {
                assertThat(e.getLoggerName()).isEqualTo(Deliveries.class.getName());
                assertThat(e.getFormattedMessage()).contains(id).contains("signing secret");
                assertThat(e.getThrowableProxy()).isNull();
              });
    }
  }

  @Test
  void shouldSignUnderTheNewSecretAloneAfterRotatingAwayAnUnusableOne() {
    // given a subscription whose stored secret is unusable, rotated by its owner
    String id = api.subscribe(token, receiver.url(), "price.updated").get("id").asString();
    storeSecret(id, "whsec_");
    String fresh = api.rotateSecret(token, id).get("secret").asString();

    // when a price is published
    Events.send(PRICE, tokenId, price());

    // then it arrives signed under the new secret only
    WebhookReceiver.Received got = awaitReceived(receiver, 1).get(0);
    assertThat(got.signature().split(" ")).hasSize(1);
    assertThat(got.verifiesWith(fresh)).isTrue();
  }

  /** Stores a plain-text secret as a row written outside the API would hold it. */
  private void storeSecret(String subscriptionId, String secret) {
    db.sql("update subscription set secret = $1 where id = $2")
        .bind(0, secret)
        .bind(1, UUID.fromString(subscriptionId))
        .then()
        .block(Duration.ofSeconds(10));
  }

  /** The events the given classes' loggers log while it is open. */
  private static final class CapturedLog implements AutoCloseable {
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();
    private final List<Logger> loggers;

    private CapturedLog(List<Logger> loggers) {
      this.loggers = loggers;
      appender.start();
      loggers.forEach(logger -> logger.addAppender(appender));
    }

    static CapturedLog of(Class<?>... classes) {
      return new CapturedLog(
          java.util.Arrays.stream(classes)
              .map(type -> (Logger) LoggerFactory.getLogger(type))
              .toList());
    }

    List<ILoggingEvent> events() {
      return List.copyOf(appender.list);
    }

    @Override
    public void close() {
      loggers.forEach(logger -> logger.detachAppender(appender));
    }
  }
}
