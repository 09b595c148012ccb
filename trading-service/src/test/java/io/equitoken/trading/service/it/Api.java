package io.equitoken.trading.service.it;

import io.equitoken.platform.test.TestJwtIssuer;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A small client of the trading API for tests: real tokens, real HTTP, JSON trees back. */
public final class Api {

  public static final String OPERATOR = "operator-1";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final WebTestClient web;

  Api(WebTestClient web) {
    this.web = web;
  }

  public static String token(String sub, String... roles) {
    return TestJwtIssuer.token(sub, roles);
  }

  public static String operator() {
    return token(OPERATOR, "operator");
  }

  public static String investor(String sub) {
    return token(sub, "investor");
  }

  public static Map<String, Object> window(
      List<String> tokenIds, String mechanism, Instant opens, Instant closes) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("tokenIds", tokenIds);
    body.put("mechanism", mechanism);
    body.put("opens", opens.toString());
    body.put("closes", closes.toString());
    return body;
  }

  public static Map<String, Object> order(
      String tokenId, String type, Object quantity, Object maxPrice) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("tokenId", tokenId);
    body.put("type", type);
    body.put("quantity", quantity);
    body.put("maxPrice", maxPrice);
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

  /** A POST with an {@code Idempotency-Key}. */
  public WebTestClient.ResponseSpec postWithKey(String uri, String token, Object body, String key) {
    return web.post()
        .uri(uri)
        .headers(h -> h.setBearerAuth(token))
        .header("Idempotency-Key", key)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body)
        .exchange();
  }

  public static JsonNode json(WebTestClient.ResponseSpec response) {
    byte[] body = response.expectBody().returnResult().getResponseBodyContent();
    return JSON.readTree(body == null ? new byte[0] : body);
  }

  public static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asString();
  }

  public JsonNode get(String uri, String token) {
    return json(call(HttpMethod.GET, uri, token, null).expectStatus().isOk());
  }

  /** Schedules a window as operator and answers its id. */
  public String schedule(Map<String, Object> body) {
    return json(call(HttpMethod.POST, "/liquidity/windows", operator(), body)
            .expectStatus()
            .isCreated())
        .get("id")
        .asString();
  }

  /** Records a deposit as operator (expecting 201) and answers its id. */
  public String deposit(String ownerId, Object amount) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("ownerId", ownerId);
    body.put("amount", amount instanceof String s ? new java.math.BigDecimal(s) : amount);
    body.put("externalReference", "wire-" + java.util.UUID.randomUUID());
    return json(call(HttpMethod.POST, "/cash/deposits", operator(), body)
            .expectStatus()
            .isCreated())
        .get("depositId")
        .asString();
  }

  /** The owner's cash account, read as the owner. */
  public JsonNode cash(String ownerId, String... roles) {
    return get(
        "/cash/account", token(ownerId, roles.length == 0 ? new String[] {"investor"} : roles));
  }

  /** Places an order (expecting 202) and answers its trade id. */
  public String place(String token, Map<String, Object> body) {
    return json(call(HttpMethod.POST, "/trade", token, body).expectStatus().isAccepted())
        .get("tradeId")
        .asString();
  }
}
