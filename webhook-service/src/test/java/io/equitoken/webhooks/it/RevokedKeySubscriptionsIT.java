package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.test.ApiKeyRevocations;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.test.WebhookReceiver;
import io.equitoken.platform.web.revocation.RevokedApiKeys;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * A subscription does not outlive the revocation of the API key that made it: revoking the key
 * pauses its subscriptions within the revocation bound (nothing more is delivered, the owner reads
 * why), a token of another, valid key enables them again, and entitlement is checked again when a
 * delivery is sent.
 */
class RevokedKeySubscriptionsIT extends WebhooksIntegrationBase {

  private static final String ORDER_ACCEPTED = "equitoken.trading.order.accepted.v1";
  private static final Duration WAIT = Duration.ofSeconds(60);

  @Autowired private RevokedApiKeys revokedKeys;
  private final List<WebhookReceiver> receivers = new ArrayList<>();
  private final List<String> principals = new ArrayList<>();

  @AfterEach
  void close() {
    for (String p : principals) {
      db.sql("delete from subscription where owner_id = $1").bind(0, p).then().block();
    }
    receivers.forEach(WebhookReceiver::close);
  }

  private WebhookReceiver receiver() {
    WebhookReceiver r = new WebhookReceiver();
    receivers.add(r);
    return r;
  }

  private String principal() {
    String p = Api.newPrincipal();
    principals.add(p);
    return p;
  }

  private static String order(String owner) {
    return Events.example(ORDER_ACCEPTED, e -> e.put("ownerId", owner));
  }

  private JsonNode subscription(String id, String token) {
    return api.get("/webhooks/subscriptions/" + id, token);
  }

  @Test
  void shouldPauseTheSubscriptionsOfARevokedKeyAndLetAValidKeyEnableThemAgain() {
    // given an investor's subscription made with key K and another made with key K2
    String investor = principal();
    String leakedKey = "etk_" + UUID.randomUUID();
    String leaked = TestJwtIssuer.tokenForApiKey(leakedKey, investor, "investor");
    String ownKey = "etk_" + UUID.randomUUID();
    String own = TestJwtIssuer.tokenForApiKey(ownKey, investor, "investor");
    WebhookReceiver attacker = receiver();
    WebhookReceiver owners = receiver();
    String planted =
        api.subscribe(leaked, attacker.url(), "order.accepted", "holding.changed")
            .get("id")
            .asString();
    String kept = api.subscribe(own, owners.url(), "order.accepted").get("id").asString();
    assertThat(subscription(planted, own).get("apiKeyId").asString()).isEqualTo(leakedKey);

    // when K is revoked
    long revokedAt = System.nanoTime();
    ApiKeyRevocations.publish(leakedKey, investor);

    // then its subscription is paused within the bound, saying why; the other is untouched
    await()
        .atMost(ApiKeyRevocations.BOUND)
        .pollInterval(Duration.ofMillis(100))
        .until(() -> subscription(planted, own).get("status").asString().equals("paused"));
    System.out.printf("revocation to paused: %d ms%n", (System.nanoTime() - revokedAt) / 1_000_000);
    JsonNode paused = subscription(planted, own);
    assertThat(paused.get("pausedReason").asString()).contains(leakedKey).contains("revoked");
    assertThat(paused.get("pausedAt").isNull()).isFalse();
    assertThat(subscription(kept, own).get("status").asString()).isEqualTo("enabled");

    // and the investor's next order reaches only the subscription of the valid key
    Events.send(ORDER_ACCEPTED, investor, order(investor));
    await().atMost(WAIT).until(() -> owners.received().size() == 1);
    assertThat(
            count(
                "select count(*) from delivery where subscription_id = $1",
                UUID.fromString(planted)))
        .isZero();
    assertThat(attacker.received()).isEmpty();

    // a paused subscription changes only together with status, and sends no test
    api.call(
            HttpMethod.PATCH,
            "/webhooks/subscriptions/" + planted,
            own,
            Map.of("description", "renamed"))
        .expectStatus()
        .isEqualTo(409)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("subscription-paused");
    api.call(HttpMethod.POST, "/webhooks/subscriptions/" + planted + "/test", own, null)
        .expectStatus()
        .isEqualTo(409);
    // the revoked key's own token is refused outright
    api.call(
            HttpMethod.PATCH,
            "/webhooks/subscriptions/" + planted,
            leaked,
            Map.of("status", "enabled"))
        .expectStatus()
        .isUnauthorized();

    // when the owner enables it again with a valid key
    JsonNode enabled =
        Api.json(
            api.call(
                    HttpMethod.PATCH,
                    "/webhooks/subscriptions/" + planted,
                    own,
                    Map.of("status", "enabled"))
                .expectStatus()
                .isOk());
    assertThat(enabled.get("status").asString()).isEqualTo("enabled");
    assertThat(enabled.get("pausedReason").isNull()).isTrue();
    assertThat(enabled.get("apiKeyId").asString()).isEqualTo(ownKey);

    // then it delivers again
    Events.send(ORDER_ACCEPTED, investor, order(investor));
    await().atMost(WAIT).until(() -> attacker.received().size() == 1);
  }

  @Test
  void shouldSendNothingForARevokedKeyEvenBeforeThePauseIsStored() {
    // given a subscription of key K whose endpoint fails, so that its delivery is retried
    String investor = principal();
    String key = "etk_" + UUID.randomUUID();
    String token = TestJwtIssuer.tokenForApiKey(key, investor, "investor");
    WebhookReceiver receiver = receiver();
    receiver.answer(r -> WebhookReceiver.Answer.status(500));
    String id = api.subscribe(token, receiver.url(), "order.accepted").get("id").asString();
    Events.send(ORDER_ACCEPTED, investor, order(investor));
    await().atMost(WAIT).until(() -> receiver.received().size() == 1);

    // when K is revoked, and its subscription is (as if the revocation consumer lagged) enabled
    // again in the database once the pause is stored and the service's revocation set knows K
    ApiKeyRevocations.publish(key, investor);
    UUID subscription = UUID.fromString(id);
    await()
        .atMost(ApiKeyRevocations.BOUND)
        .untilAsserted(() -> assertThat(state(subscription)).contains("subscription=paused"));
    await()
        .atMost(ApiKeyRevocations.BOUND)
        .untilAsserted(
            () -> assertThat(revokedKeys.isRevoked(key)).as(state(subscription)).isTrue());
    // (an attempt claimed before the pause may still be in flight: its outcome is recorded when
    // it ends, so the delivery is changed below only once it is no longer leased)
    await().atMost(WAIT).untilAsserted(() -> assertThat(state(subscription)).contains("lease=-"));
    db.sql("update subscription set status = 'enabled' where id = $1")
        .bind(0, subscription)
        .then()
        .block();
    db.sql("update delivery set next_attempt_at = now() where subscription_id = $1")
        .bind(0, subscription)
        .then()
        .block();

    // then the dispatcher checks the key when sending: nothing is sent, the subscription is paused
    // and its delivery waits, unleased
    await()
        .atMost(WAIT)
        .untilAsserted(
            () ->
                assertThat(state(subscription))
                    .as("received %d", receiver.received().size())
                    .contains("subscription=paused", "lease=-"));
    assertThat(receiver.received()).hasSize(1);
    assertThat(
            count(
                "select count(*) from delivery_attempt a join delivery d on d.id = a.delivery_id"
                    + " where d.subscription_id = $1",
                subscription))
        .isOne();
  }

  /** The subscription's status and its one delivery's, for assertions that say what they saw. */
  private String state(UUID subscription) {
    return db.sql(
            "select 'subscription=' || s.status || ' delivery=' || d.status || ' attempts='"
                + " || d.attempts || ' due=' || coalesce(d.next_attempt_at::text, '-')"
                + " || ' lease=' || coalesce(d.lease_until::text, '-') as state"
                + " from subscription s join delivery d on d.subscription_id = s.id"
                + " where s.id = $1")
        .bind(0, subscription)
        .map(row -> row.get("state", String.class))
        .one()
        .block(Duration.ofSeconds(10));
  }

  @Test
  void shouldCheckAPrivateEventsEntitlementAgainstTheOwnersCurrentKeyWhenSending() {
    // given an operator's subscription to another investor's orders, whose endpoint fails once
    String operator = principal();
    String investor = principal();
    String operatorKey = "etk_" + UUID.randomUUID();
    String asOperator = TestJwtIssuer.tokenForApiKey(operatorKey, operator, "operator");
    WebhookReceiver receiver = receiver();
    receiver.answer(r -> WebhookReceiver.Answer.status(500));
    String id = api.subscribe(asOperator, receiver.url(), "order.accepted").get("id").asString();
    Events.send(ORDER_ACCEPTED, investor, order(investor));
    await().atMost(WAIT).until(() -> receiver.received().size() == 1);

    // when the operator key is revoked and the owner enables it again with a key that has no
    // operator role
    ApiKeyRevocations.publish(operatorKey, operator);
    await()
        .atMost(ApiKeyRevocations.BOUND)
        .until(() -> subscription(id, Api.operator()).get("status").asString().equals("paused"));
    String asInvestor =
        TestJwtIssuer.tokenForApiKey("etk_" + UUID.randomUUID(), operator, "investor");
    api.call(
            HttpMethod.PATCH,
            "/webhooks/subscriptions/" + id,
            asInvestor,
            Map.of("status", "enabled"))
        .expectStatus()
        .isOk();
    receiver.answer(r -> WebhookReceiver.Answer.status(200));
    db.sql("update delivery set next_attempt_at = now() where subscription_id = $1")
        .bind(0, UUID.fromString(id))
        .then()
        .block();

    // then the pending delivery of the other investor's order is not sent, and the log says why
    await()
        .atMost(WAIT)
        .until(
            () ->
                count(
                        "select count(*) from delivery where subscription_id = $1"
                            + " and status = 'failed'",
                        UUID.fromString(id))
                    == 1);
    JsonNode logged = api.get("/webhooks/subscriptions/" + id + "/deliveries", asInvestor).get(0);
    JsonNode last = logged.get("attempts").get(logged.get("attempts").size() - 1);
    assertThat(last.get("error").asString()).contains("private to another principal");
    assertThat(receiver.received()).hasSize(1);
  }
}
