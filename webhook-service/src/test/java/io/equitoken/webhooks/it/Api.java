package io.equitoken.webhooks.it;

import io.equitoken.platform.test.TestJwtIssuer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A small client of the webhooks API for tests: real tokens, real HTTP, JSON trees back. */
public final class Api {

  public static final String OPERATOR = "operator-1";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final WebTestClient web;

  Api(WebTestClient web) {
    this.web = web;
  }

  public static String investor(String sub) {
    return TestJwtIssuer.token(sub, "investor");
  }

  public static String operator() {
    return TestJwtIssuer.token(OPERATOR, "operator");
  }

  public static String newPrincipal() {
    return "inv-" + UUID.randomUUID();
  }

  public static Map<String, Object> subscription(String url, String... types) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("url", url);
    body.put("eventTypes", List.of(types));
    body.put("description", "Test receiver");
    return body;
  }

  public WebTestClient.ResponseSpec call(HttpMethod method, String uri, String token, Object body) {
    WebTestClient.RequestBodySpec spec = web.method(method).uri(uri);
    if (token != null) {
      spec.headers(h -> h.setBearerAuth(token));
    }
    if (body != null) {
      return spec.contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }
    return spec.exchange();
  }

  public static JsonNode json(WebTestClient.ResponseSpec response) {
    byte[] body = response.expectBody().returnResult().getResponseBodyContent();
    return JSON.readTree(body == null ? new byte[0] : body);
  }

  public JsonNode get(String uri, String token) {
    return json(call(HttpMethod.GET, uri, token, null).expectStatus().isOk());
  }

  /** Subscribes as {@code token}'s principal; answers the 201 body (with the secret). */
  public JsonNode subscribe(String token, String url, String... types) {
    return json(
        call(HttpMethod.POST, "/webhooks/subscriptions", token, subscription(url, types))
            .expectStatus()
            .isCreated());
  }

  /** Rotates a subscription's signing secret as {@code token}'s caller: the answer (200). */
  public JsonNode rotateSecret(String token, String subscriptionId) {
    return json(
        call(
                HttpMethod.POST,
                "/webhooks/subscriptions/" + subscriptionId + "/rotate-secret",
                token,
                null)
            .expectStatus()
            .isOk());
  }
}
