package io.equitoken.portfolio.it;

import io.equitoken.platform.test.TestJwtIssuer;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A small client of the portfolio API for tests: real tokens, real HTTP, JSON trees back. */
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

  public WebTestClient.ResponseSpec get(String uri, String token) {
    return web.get()
        .uri(uri)
        .headers(
            h -> {
              if (token != null) {
                h.setBearerAuth(token);
              }
            })
        .exchange();
  }

  public JsonNode ok(String uri, String token) {
    return json(get(uri, token).expectStatus().isOk());
  }

  /** The raw bytes of a 200 answer, for byte-for-byte comparisons. */
  public byte[] bytes(String uri, String token) {
    return get(uri, token).expectStatus().isOk().expectBody().returnResult().getResponseBody();
  }

  public static JsonNode json(WebTestClient.ResponseSpec response) {
    byte[] body = response.expectBody().returnResult().getResponseBodyContent();
    return JSON.readTree(body == null ? new byte[0] : body);
  }

  public static JsonNode parse(byte[] body) {
    return JSON.readTree(body == null ? new byte[0] : body);
  }

  public JsonNode portfolio(String investor) {
    return ok("/investor/portfolio", investor(investor));
  }

  public JsonNode transactions(String investor, String query) {
    return ok("/investor/transactions" + query, investor(investor));
  }
}
