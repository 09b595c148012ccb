package io.equitoken.listings.it;

import io.equitoken.listings.token.Isin;
import io.equitoken.platform.test.TestJwtIssuer;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A small client of the listings API for tests: real tokens, real HTTP, JSON trees back. */
public final class Api {

  public static final String OPERATOR = "operator-1";
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final String ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

  private final WebTestClient web;

  Api(WebTestClient web) {
    this.web = web;
  }

  public static String token(String sub, String... roles) {
    return TestJwtIssuer.token(sub, roles);
  }

  public static String founder(String sub) {
    return token(sub, "founder");
  }

  public static String operator() {
    return token(OPERATOR, "operator");
  }

  public static String newFounder() {
    return "founder-" + UUID.randomUUID();
  }

  /** A valid, random ISIN (Luxembourg prefix), so tests never collide on uniqueness. */
  public static String newIsin() {
    StringBuilder body = new StringBuilder("LU");
    for (int i = 0; i < 9; i++) {
      body.append(ALNUM.charAt(RANDOM.nextInt(ALNUM.length())));
    }
    return body.toString() + Isin.checkDigit(body.toString());
  }

  public static Map<String, Object> listingBody(
      String name, String sector, String stage, String country) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("name", name);
    body.put("description", "What " + name + " does.");
    body.put("problem", "The problem " + name + " solves.");
    body.put("solution", "How " + name + " solves it.");
    body.put("sector", sector);
    body.put("stage", stage);
    body.put("country", country);
    body.put("raiseTarget", 1500000.50);
    body.put("team", List.of(Map.of("name", "Ada Founder", "role", "CEO")));
    body.put(
        "documents",
        List.of(
            Map.of(
                "title",
                "Pitch deck",
                "url",
                "https://docs.example.com/" + UUID.randomUUID() + "/deck.pdf")));
    return body;
  }

  public static Map<String, Object> tokenBody(String isin) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("isin", isin);
    body.put("tokenName", "Test Equity Token");
    body.put("supply", 1000000);
    body.put("initialPrice", 2.5);
    body.put(
        "compartment",
        Map.of(
            "jurisdiction", "LU",
            "structure", "Compartment of a Luxembourg securitisation vehicle",
            "bankruptcyRemote", true));
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

  /** A string member, or null when it is JSON null or absent. */
  public static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asString();
  }

  public JsonNode get(String uri, String token) {
    return json(call(HttpMethod.GET, uri, token, null).expectStatus().isOk());
  }

  /** Creates a draft as {@code founderSub} and answers its id. */
  public String draft(String founderSub, Map<String, Object> body) {
    return json(call(HttpMethod.POST, "/listings", founder(founderSub), body)
            .expectStatus()
            .isCreated())
        .get("id")
        .asString();
  }

  public String draft(String founderSub) {
    return draft(founderSub, listingBody("Draft " + UUID.randomUUID(), "fintech", "seed", "DE"));
  }

  /** Issues a token on the listing as its founder and answers the token id. */
  public String issue(String founderSub, String listingId) {
    return json(call(
                HttpMethod.POST,
                "/listings/" + listingId + "/token",
                founder(founderSub),
                tokenBody(newIsin()))
            .expectStatus()
            .isCreated())
        .get("tokenId")
        .asString();
  }

  public void transition(String listingId, String action, String token) {
    call(HttpMethod.POST, "/listings/" + listingId + "/" + action, token, null)
        .expectStatus()
        .isOk();
  }

  /** A published listing of {@code founderSub}, with its token; answers the listing id. */
  public String active(String founderSub, Map<String, Object> body) {
    String id = draft(founderSub, body);
    issue(founderSub, id);
    transition(id, "publish", founder(founderSub));
    return id;
  }

  public String active(String founderSub) {
    return active(founderSub, listingBody("Active " + UUID.randomUUID(), "fintech", "seed", "DE"));
  }

  /** A listing in the given status (with a token unless it is a plain draft). */
  public String inStatus(String founderSub, String status) {
    return switch (status) {
      case "draft" -> draft(founderSub);
      case "active" -> active(founderSub);
      case "suspended" -> {
        String id = active(founderSub);
        transition(id, "suspend", operator());
        yield id;
      }
      case "closed" -> {
        String id = active(founderSub);
        transition(id, "close", operator());
        yield id;
      }
      default -> throw new IllegalArgumentException(status);
    };
  }
}
