package io.equitoken.webhooks.it;

import static io.equitoken.platform.test.FuzzInputs.json;

import io.equitoken.platform.test.FuzzInputs;
import io.equitoken.platform.test.WebhookReceiver;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Every body member, query parameter, path id and the {@code Idempotency-Key} of the webhooks API
 * fuzzed with platform-test's {@link FuzzInputs} (all of Unicode, controls and lone surrogates
 * included, plus known troublemakers), one input at a time in an otherwise valid request so that
 * each is reached: never a 5xx; a 4xx is problem+json and stores nothing (the principal's
 * subscriptions — every column —, their deliveries and its idempotency records are compared around
 * each call).
 */
class InputFuzzIT extends WebhooksIntegrationBase {

  private static final int TRIES = 30;

  private WebhookReceiver receiver;
  private String owner;
  private String subscription;

  @BeforeEach
  void subscription() {
    receiver = new WebhookReceiver();
    owner = Api.newPrincipal();
    subscription =
        api.subscribe(Api.investor(owner), receiver.url(), "trade.executed").get("id").asString();
  }

  /**
   * The fuzz's subscriptions go (deliveries cascade): trade.executed is public, so they would
   * receive the other ITs' events in this shared database and count in their fan-out.
   */
  @AfterEach
  void cleanUp() {
    receiver.close();
    db.sql("delete from subscription where owner_id = $1")
        .bind(0, owner)
        .then()
        .block(Duration.ofSeconds(10));
  }

  @Test
  void shouldNeverAnswer5xxNorStoreAnythingForFuzzedInput() {
    String subscriptions = "/webhooks/subscriptions";
    String one = subscriptions + "/" + subscription;
    for (String value :
        FuzzInputs.sample(
            TRIES, "trade.executed", "enabled", "disabled", "2026-11-01T00:00:00Z", "10")) {
      String quoted = json(value);
      for (String field : List.of("url", "eventTypes", "description")) {
        String member = field.equals("eventTypes") ? "[" + quoted + "]" : quoted;
        check(
            "POST " + subscriptions + " " + field,
            value,
            send(HttpMethod.POST, subscriptions, body(field, member)));
      }
      check(
          "POST " + subscriptions + " Idempotency-Key",
          value,
          send(HttpMethod.POST, subscriptions, body("description", "\"fuzz\""))
              .header("Idempotency-Key", FuzzInputs.headerValue(value)));
      for (String field : List.of("url", "eventTypes", "description", "status")) {
        String member = field.equals("eventTypes") ? "[" + quoted + "]" : quoted;
        check(
            "PATCH {id} " + field,
            value,
            send(HttpMethod.PATCH, one, "{" + json(field) + ":" + member + "}"));
      }
      check(
          "POST {id}/recover since",
          value,
          send(HttpMethod.POST, one + "/recover", "{\"since\":" + quoted + "}"));
      Map<String, List<String>> parameters = new LinkedHashMap<>();
      parameters.put(subscriptions, List.of("limit", "cursor", "ownerId"));
      parameters.put(one + "/deliveries", List.of("status", "eventType", "limit", "cursor"));
      FuzzInputs.checkQueryParameters(web, Api.investor(owner), parameters, value, this::state);
      paths(value);
    }
  }

  /** The fuzz's find: a blank id ("/%20") was converted to null and answered 500. */
  @Test
  void shouldAnswer400NamingABlankId() {
    web.get()
        .uri("/webhooks/subscriptions/{id}", " ")
        .headers(this::owner)
        .exchange()
        .expectStatus()
        .isBadRequest()
        .expectHeader()
        .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("id");
  }

  /** Every path id: GET, PATCH, DELETE, rotate-secret, test, delivery log, replay, recover. */
  private void paths(String value) {
    String id = "/webhooks/subscriptions/{id}";
    for (HttpMethod method : List.of(HttpMethod.GET, HttpMethod.DELETE)) {
      check(method + " {id}", value, web.method(method).uri(id, value).headers(this::owner));
    }
    check(
        "PATCH {id}",
        value,
        web.patch()
            .uri(id, value)
            .headers(this::owner)
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue("{\"description\":\"fuzz\"}"));
    for (String action : List.of("/rotate-secret", "/test")) {
      check("POST {id}" + action, value, web.post().uri(id + action, value).headers(this::owner));
    }
    check(
        "GET {id}/deliveries",
        value,
        web.get().uri(id + "/deliveries", value).headers(this::owner));
    check(
        "POST {id}/recover",
        value,
        web.post()
            .uri(id + "/recover", value)
            .headers(this::owner)
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue("{\"since\":\"2026-11-01T00:00:00Z\"}"));
    String replay = id + "/deliveries/{deliveryId}/replay";
    check(
        "POST {id}/deliveries/{deliveryId}/replay deliveryId",
        value,
        web.post().uri(replay, subscription, value).headers(this::owner));
    check(
        "POST {id}/deliveries/{deliveryId}/replay id",
        value,
        web.post().uri(replay, value, UUID.randomUUID()).headers(this::owner));
  }

  private void owner(org.springframework.http.HttpHeaders headers) {
    headers.setBearerAuth(Api.investor(owner));
  }

  private void check(String where, String value, WebTestClient.RequestHeadersSpec<?> request) {
    FuzzInputs.check(where, value, request, this::state);
  }

  private WebTestClient.RequestHeadersSpec<?> send(HttpMethod method, String path, String body) {
    return web.method(method)
        .uri(path)
        .headers(this::owner)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body);
  }

  /** A valid subscription body with {@code field} replaced by the JSON {@code member}. */
  private String body(String field, String member) {
    return FuzzInputs.objectWith(
        FuzzInputs.members(
            "url", json(receiver.url()),
            "eventTypes", "[\"trade.executed\"]",
            "description", "\"fuzz\""),
        field,
        member);
  }

  /**
   * Changes whenever anything of the principal's is stored: every column of its subscriptions (a
   * row hash), its deliveries and their attempts, its idempotency records.
   */
  private long state() {
    return count(
        "select coalesce((select sum(hashtext(s::text)) from subscription s where owner_id = $1),"
            + " 0) + (select count(*) from subscription where owner_id = $1)"
            + " + (select count(*) from delivery d join subscription s"
            + " on s.id = d.subscription_id where s.owner_id = $1)"
            + " + (select count(*) from delivery_attempt a join delivery d on d.id = a.delivery_id"
            + " join subscription s on s.id = d.subscription_id where s.owner_id = $1)"
            + " + (select count(*) from idempotency_record where principal_id = $1)",
        owner);
  }
}
