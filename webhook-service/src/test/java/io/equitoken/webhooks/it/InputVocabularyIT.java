package io.equitoken.webhooks.it;

import static io.equitoken.platform.test.InputVocabulary.assertMistake;
import static io.equitoken.platform.test.InputVocabulary.cursor;
import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.InputVocabulary;
import io.equitoken.platform.test.WebhookReceiver;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The platform's one vocabulary of input mistakes (docs/conventions.md, "Input mistakes"), as
 * webhook-service answers it: a malformed UUID in the path, a filter outside its values, a bad
 * {@code limit}, a foreign {@code cursor} and a wrong JSON type in a body each get the one code for
 * that mistake, naming the parameter or member.
 */
class InputVocabularyIT extends WebhooksIntegrationBase {

  private WebhookReceiver receiver;
  private String owner;
  private String id;

  @BeforeEach
  void subscription() {
    receiver = new WebhookReceiver();
    owner = Api.newPrincipal();
    id = api.subscribe(Api.investor(owner), receiver.url(), "trade.executed").get("id").asString();
  }

  @AfterEach
  void close() {
    db.sql("delete from subscription where owner_id = $1").bind(0, owner).then().block();
    receiver.close();
  }

  @Test
  void shouldAnswerAMalformedIdWithInvalidParameter() {
    for (String bad : List.of("not-a-uuid", "1-1-1-1-1", id + "0")) {
      assertMistake(get("/webhooks/subscriptions/" + bad), "invalid-parameter", "id");
    }
    assertMistake(
        send(HttpMethod.POST, "/webhooks/subscriptions/" + id + "/deliveries/nope/replay", null),
        "invalid-parameter",
        "deliveryId");
  }

  @Test
  void shouldAnswerAFilterOutsideItsValuesWithInvalidParameter() {
    assertMistake(
            get("/webhooks/subscriptions/" + id + "/deliveries?status=lost"),
            "invalid-parameter",
            "status")
        .jsonPath("$.allowed")
        .isEqualTo(List.of("pending", "succeeded", "failed"));
  }

  @Test
  void shouldAnswerEveryBadLimitWithInvalidLimit() {
    for (String list : lists()) {
      InputVocabulary.assertEveryBadLimitRefused(this::get, list, InputVocabulary.BAD_LIMITS);
    }
  }

  @Test
  void shouldAnswerEveryForeignCursorWithInvalidCursor() {
    String wrongTypes = cursor("yesterday", UUID.randomUUID().toString());
    String badInstant = cursor("+999999999-12-31T23:59:59Z", UUID.randomUUID().toString());
    String badUuid = cursor("2026-11-20T10:00:00Z", "nope");
    for (String list : lists()) {
      InputVocabulary.assertEveryForeignCursorRefused(
          this::get, list, List.of("%21%21", "AB8A", wrongTypes, badInstant, badUuid));
    }
  }

  @Test
  void shouldRefuseCoercedJsonTypesInABodyAndStoreNothing() {
    long before = count("select count(*) from subscription where owner_id = $1", owner);
    refusedBody(
        "{\"url\":\"" + receiver.url() + "\",\"eventTypes\":\"trade.executed\"}", "eventTypes");
    refusedBody("{\"url\":42,\"eventTypes\":[\"trade.executed\"]}", "url");
    refusedBody(
        "{\"url\":\""
            + receiver.url()
            + "\",\"eventTypes\":[\"trade.executed\"],\"description\":7}",
        "description");
    assertThat(count("select count(*) from subscription where owner_id = $1", owner))
        .isEqualTo(before);
    String recover = "/webhooks/subscriptions/" + id + "/recover";
    assertMistake(
        send(HttpMethod.POST, recover, "{\"since\":\"yesterday\"}"), "validation-failed", "since");
    assertMistake(send(HttpMethod.POST, recover, "{}"), "validation-failed", "since");
  }

  private List<String> lists() {
    return List.of("/webhooks/subscriptions", "/webhooks/subscriptions/" + id + "/deliveries");
  }

  private void refusedBody(String json, String field) {
    assertMistake(
        send(HttpMethod.POST, "/webhooks/subscriptions", json), "validation-failed", field);
  }

  private WebTestClient.ResponseSpec get(String uri) {
    return send(HttpMethod.GET, uri, null);
  }

  private WebTestClient.ResponseSpec send(HttpMethod method, String uri, String json) {
    WebTestClient.RequestBodySpec request =
        web.method(method).uri(uri).headers(h -> h.setBearerAuth(Api.investor(owner)));
    WebTestClient.RequestHeadersSpec<?> sent =
        json == null ? request : request.contentType(MediaType.APPLICATION_JSON).bodyValue(json);
    return sent.exchange();
  }
}
