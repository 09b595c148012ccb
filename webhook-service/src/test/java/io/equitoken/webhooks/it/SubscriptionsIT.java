package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.WebhookReceiver;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import tools.jackson.databind.JsonNode;

/** Subscriptions: create, list, read, change, rotate, delete; BOLA; bad input stores nothing. */
class SubscriptionsIT extends WebhooksIntegrationBase {

  private WebhookReceiver receiver;
  private String owner;

  @BeforeEach
  void receiver() {
    receiver = new WebhookReceiver();
    owner = Api.newPrincipal();
  }

  @AfterEach
  void close() {
    // the shared context outlives this test: its subscriptions must not receive later tests' events
    db.sql("delete from subscription where owner_id = $1").bind(0, owner).then().block();
    receiver.close();
  }

  @Test
  void shouldCreateASubscriptionAndShowItsSecretOnlyOnce() {
    // when an investor subscribes
    var response =
        api.call(
                HttpMethod.POST,
                "/webhooks/subscriptions",
                Api.investor(owner),
                Api.subscription(receiver.url(), "trade.executed", "order.filled"))
            .expectStatus()
            .isCreated();
    JsonNode created = Api.json(response);

    // then the answer carries the subscription and a Standard Webhooks secret
    String id = created.get("id").asString();
    assertThat(created.get("url").asString()).isEqualTo(receiver.url());
    assertThat(created.get("status").asString()).isEqualTo("enabled");
    assertThat(created.get("createdAt").asString()).endsWith("Z");
    assertThat(created.get("eventTypes").toString()).contains("trade.executed", "order.filled");
    String secret = created.get("secret").asString();
    assertThat(secret).startsWith("whsec_");
    assertThat(Base64.getDecoder().decode(secret.substring(6)).length).isBetween(24, 64);

    // and reading it back never shows the secret again
    JsonNode read = api.get("/webhooks/subscriptions/" + id, Api.investor(owner));
    assertThat(read.has("secret")).isFalse();
    assertThat(read.get("ownerId").asString()).isEqualTo(owner);
    assertThat(
            Api.json(
                    api.call(HttpMethod.GET, "/webhooks/subscriptions", Api.investor(owner), null)
                        .expectStatus()
                        .isOk())
                .toString())
        .doesNotContain(secret);
  }

  @Test
  void shouldReplayTheFirstAnswerForTheSameIdempotencyKeyWithoutTheSecret() {
    String key = UUID.randomUUID().toString();
    var body = Api.subscription(receiver.url(), "trade.executed");
    JsonNode first =
        Api.json(
            web.post()
                .uri("/webhooks/subscriptions")
                .headers(h -> h.setBearerAuth(Api.investor(owner)))
                .header("Idempotency-Key", key)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .exchange()
                .expectStatus()
                .isCreated());
    var again =
        web.post()
            .uri("/webhooks/subscriptions")
            .headers(h -> h.setBearerAuth(Api.investor(owner)))
            .header("Idempotency-Key", key)
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue(body)
            .exchange()
            .expectStatus()
            .isCreated()
            .expectHeader()
            .valueEquals("Idempotent-Replayed", "true");
    JsonNode replayed = Api.json(again);
    assertThat(replayed.get("id").asString()).isEqualTo(first.get("id").asString());
    assertThat(first.get("secret").asString()).startsWith("whsec_");
    assertThat(replayed.has("secret")).as("a replay leaves the secret out: %s", replayed).isFalse();
    web.post()
        .uri("/webhooks/subscriptions")
        .headers(h -> h.setBearerAuth(Api.investor(owner)))
        .header("Idempotency-Key", key)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(Api.subscription(receiver.url(), "price.updated"))
        .exchange()
        .expectStatus()
        .isEqualTo(409);
    assertThat(count("select count(*) from subscription where owner_id = $1", owner)).isOne();
  }

  @Test
  void shouldAnswer404ForAnotherPrincipalsSubscriptionEverywhere() {
    // given someone else's subscription
    String id =
        api.subscribe(Api.investor(owner), receiver.url(), "trade.executed").get("id").asString();
    String intruder = Api.investor(Api.newPrincipal());
    String base = "/webhooks/subscriptions/" + id;

    // then every operation on it answers 404 to another principal, and nothing changes
    api.call(HttpMethod.GET, base, intruder, null).expectStatus().isNotFound();
    api.call(HttpMethod.PATCH, base, intruder, Map.of("status", "disabled"))
        .expectStatus()
        .isNotFound();
    api.call(HttpMethod.POST, base + "/rotate-secret", intruder, null).expectStatus().isNotFound();
    api.call(HttpMethod.POST, base + "/test", intruder, null).expectStatus().isNotFound();
    api.call(HttpMethod.GET, base + "/deliveries", intruder, null).expectStatus().isNotFound();
    api.call(
            HttpMethod.POST,
            base + "/deliveries/" + java.util.UUID.randomUUID() + "/replay",
            intruder,
            null)
        .expectStatus()
        .isNotFound();
    api.call(HttpMethod.POST, base + "/recover", intruder, Map.of("since", "2026-01-01T00:00:00Z"))
        .expectStatus()
        .isNotFound();
    api.call(HttpMethod.DELETE, base, intruder, null).expectStatus().isNotFound();
    assertThat(receiver.received()).isEmpty();
    assertThat(api.get(base, Api.investor(owner)).get("status").asString()).isEqualTo("enabled");
    assertThat(
            Api.json(
                    api.call(HttpMethod.GET, "/webhooks/subscriptions", intruder, null)
                        .expectStatus()
                        .isOk())
                .size())
        .isZero();
  }

  @Test
  void shouldLetAnOperatorManageAnyonesSubscription() {
    String id =
        api.subscribe(Api.investor(owner), receiver.url(), "trade.executed").get("id").asString();

    assertThat(api.get("/webhooks/subscriptions/" + id, Api.operator()).get("ownerId").asString())
        .isEqualTo(owner);
    JsonNode listed = api.get("/webhooks/subscriptions?ownerId=" + owner, Api.operator());
    assertThat(listed.size()).isEqualTo(1);
    api.call(HttpMethod.DELETE, "/webhooks/subscriptions/" + id, Api.operator(), null)
        .expectStatus()
        .isNoContent();
    api.call(HttpMethod.GET, "/webhooks/subscriptions/" + id, Api.investor(owner), null)
        .expectStatus()
        .isNotFound();
  }

  @Test
  void shouldUpdateDisableAndEnable() {
    String id =
        api.subscribe(Api.investor(owner), receiver.url(), "trade.executed").get("id").asString();
    String uri = "/webhooks/subscriptions/" + id;

    JsonNode changed =
        Api.json(
            api.call(
                    HttpMethod.PATCH,
                    uri,
                    Api.investor(owner),
                    Map.of(
                        "eventTypes",
                        List.of("price.updated", "window.opened"),
                        "description",
                        "Prices and windows"))
                .expectStatus()
                .isOk());
    assertThat(changed.get("eventTypes").toString()).contains("price.updated", "window.opened");
    assertThat(changed.get("description").asString()).isEqualTo("Prices and windows");

    JsonNode disabled =
        Api.json(
            api.call(HttpMethod.PATCH, uri, Api.investor(owner), Map.of("status", "disabled"))
                .expectStatus()
                .isOk());
    assertThat(disabled.get("status").asString()).isEqualTo("disabled");
    assertThat(disabled.get("disabledReason").asString()).contains("owner");

    JsonNode enabled =
        Api.json(
            api.call(HttpMethod.PATCH, uri, Api.investor(owner), Map.of("status", "enabled"))
                .expectStatus()
                .isOk());
    assertThat(enabled.get("status").asString()).isEqualTo("enabled");
    assertThat(enabled.get("disabledReason").isNull()).isTrue();
  }

  @Test
  void shouldPageTheListWithACursorAndALinkHeader() {
    String token = Api.investor(owner);
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      ids.add(api.subscribe(token, receiver.url(), "trade.executed").get("id").asString());
    }
    List<String> seen = new ArrayList<>();
    String next = "/webhooks/subscriptions?limit=2";
    for (int page = 0; page < 5 && next != null; page++) {
      var result =
          api.call(HttpMethod.GET, next, token, null)
              .expectStatus()
              .isOk()
              .expectBody()
              .returnResult();
      JsonNode body =
          tools.jackson.databind.json.JsonMapper.builder()
              .build()
              .readTree(result.getResponseBodyContent());
      body.forEach(s -> seen.add(s.get("id").asString()));
      String link = result.getResponseHeaders().getFirst("Link");
      next = link == null ? null : link.substring(1, link.indexOf('>'));
    }
    assertThat(seen).containsExactlyElementsOf(ids);
  }

  @Test
  void shouldRotateTheSecret() {
    JsonNode created = api.subscribe(Api.investor(owner), receiver.url(), "trade.executed");
    JsonNode rotated = api.rotateSecret(Api.investor(owner), created.get("id").asString());
    assertThat(rotated.get("secret").asString())
        .startsWith("whsec_")
        .isNotEqualTo(created.get("secret").asString());
    assertThat(rotated.get("previousSecretExpiresAt").asString()).endsWith("Z");
  }

  @Test
  void shouldServeTheEventCatalogue() {
    JsonNode types = api.get("/webhooks/event-types", Api.investor(owner));
    Map<String, JsonNode> byName = new HashMap<>();
    types.forEach(t -> byName.put(t.get("name").asString(), t));

    assertThat(byName).containsKeys("trade.executed", "window.opened", "order.filled");
    JsonNode trade = byName.get("trade.executed");
    assertThat(trade.get("visibility").asString()).isEqualTo("public");
    assertThat(trade.get("schema").get("properties").has("buyerId")).isFalse();
    assertThat(trade.get("example").has("sellerId")).isFalse();
    assertThat(trade.get("example").has("price")).isTrue();
    assertThat(byName.get("order.filled").get("visibility").asString()).isEqualTo("private");
    assertThat(byName.get("compliance.status.changed").get("schema").get("required").toString())
        .contains("investorId");
  }

  static Stream<Arguments> badBodies() {
    String ok = "http://127.0.0.1:9/hooks";
    List<Arguments> cases = new ArrayList<>();
    for (String url :
        List.of(
            "https://10.0.0.1/hooks",
            "https://169.254.169.254/latest/meta-data/",
            "https://[2002:c0a8:101::1]/hooks",
            "https://[fe80::1]/hooks",
            "https://[fd00::1]/hooks",
            "https://[::ffff:10.0.0.1]/hooks",
            "https://224.0.0.1/hooks",
            "https://0.0.0.0/hooks",
            "https://user:pw@127.0.0.1/hooks",
            "ftp://127.0.0.1/hooks",
            "file:///etc/passwd",
            "http://10.0.0.1/hooks",
            "https://2130706433/hooks",
            "not a url")) {
      cases.add(Arguments.of("url " + url, body(url, List.of("trade.executed"), null), 422, "url"));
    }
    cases.add(Arguments.of("no url", body(null, List.of("trade.executed"), null), 400, "url"));
    cases.add(
        Arguments.of("unknown type", body(ok, List.of("trade.exploded"), null), 422, "eventTypes"));
    cases.add(Arguments.of("no types", body(ok, List.of(), null), 400, "eventTypes"));
    cases.add(
        Arguments.of("test type", body(ok, List.of("webhook.test"), null), 422, "eventTypes"));
    cases.add(
        Arguments.of(
            "oversize description",
            body(ok, List.of("trade.executed"), "x".repeat(501)),
            400,
            "description"));
    return cases.stream();
  }

  private static Map<String, Object> body(String url, List<String> types, String description) {
    Map<String, Object> body = new HashMap<>();
    body.put("url", url);
    body.put("eventTypes", types);
    body.put("description", description);
    return body;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badBodies")
  void shouldRefuseBadInputAndStoreNothing(
      String why, Map<String, Object> body, int status, String field) {
    api.call(HttpMethod.POST, "/webhooks/subscriptions", Api.investor(owner), body)
        .expectStatus()
        .isEqualTo(status)
        .expectHeader()
        .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo(field);
    assertThat(count("select count(*) from subscription where owner_id = $1", owner)).isZero();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"url\":\"http://127.0.0.1:9/\",\"eventTypes\":[\"trade.executed\"],\"extra\":1}",
        // the secret is always issued by the service, never chosen by the caller
        "{\"url\":\"http://127.0.0.1:9/\",\"eventTypes\":[\"trade.executed\"],"
            + "\"secret\":\"whsec_not base64!\"}",
        "{\"url\":\"http://127.0.0.1:9/\",\"eventTypes\":\"trade.executed\"}",
        "{\"url\":42,\"eventTypes\":[\"trade.executed\"]}",
        "{not json"
      })
  void shouldRefuseMalformedJsonWith400(String raw) {
    web.post()
        .uri("/webhooks/subscriptions")
        .headers(h -> h.setBearerAuth(Api.investor(owner)))
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(raw)
        .exchange()
        .expectStatus()
        .isBadRequest();
    assertThat(count("select count(*) from subscription where owner_id = $1", owner)).isZero();
  }

  @Test
  void shouldRefuseAChangeToAnUnsafeUrlAndKeepTheOldOne() {
    String id =
        api.subscribe(Api.investor(owner), receiver.url(), "trade.executed").get("id").asString();
    api.call(
            HttpMethod.PATCH,
            "/webhooks/subscriptions/" + id,
            Api.investor(owner),
            Map.of("url", "https://169.254.169.254/"))
        .expectStatus()
        .isEqualTo(422)
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("url");
    assertThat(api.get("/webhooks/subscriptions/" + id, Api.investor(owner)).get("url").asString())
        .isEqualTo(receiver.url());
  }
}
