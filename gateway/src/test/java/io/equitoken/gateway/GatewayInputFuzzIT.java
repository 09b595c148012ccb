package io.equitoken.gateway;

import static io.equitoken.platform.test.FuzzInputs.json;

import io.equitoken.gateway.support.FakeUpstreams;
import io.equitoken.gateway.support.GatewayItSupport;
import io.equitoken.platform.test.FuzzInputs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Fuzzed paths, query parameters, headers and bodies (platform-test {@link FuzzInputs}: all of
 * Unicode, C0 controls, lone surrogates and known troublemakers) through every route to a running
 * service and to the gateway's own endpoints: never a 5xx, and a 4xx is problem+json. The gateway
 * stores nothing, so there are no rows to compare. The route whose service is down ({@link
 * FakeUpstreams#DOWN}) is left out: its 503 is the expected answer there, and fuzzing it would open
 * its breaker under the other tests ({@code GatewayResilienceIT} covers it).
 */
class GatewayInputFuzzIT extends GatewayItSupport {

  private static final int TRIES = 20;

  /** One path per route to a running service, the fuzzed value as its last segment. */
  private static final List<String> ROUTED_PATHS =
      List.of(
          "/listings/{v}",
          "/tokens/{v}/compartment",
          "/investor/{v}",
          "/portfolio/{v}",
          "/liquidity/windows/{v}",
          "/trade/{v}",
          "/compliance/kyc/{v}",
          "/developer/api-key/{v}");

  /** The gateway's own endpoints and paths no route names. */
  private static final List<String> LOCAL_PATHS =
      List.of("/openapi/{v}.yaml", "/openapi/{v}", "/_gateway/fallback/{v}", "/{v}");

  private static final Map<String, List<String>> QUERIES =
      Map.of(
          "/listings", List.of("cursor", "limit", "status"),
          "/liquidity/windows", List.of("from", "to"),
          "/openapi.json", List.of("service"),
          "/actuator/health", List.of("x"));

  private static final Map<String, String> VALID_TOKEN_REQUEST =
      FuzzInputs.members("apiKey", json("demo-investor"), "secret", json("s"));

  @Test
  void shouldNeverAnswer5xxForFuzzedPathsQueriesHeadersAndBodies() {
    for (String value : FuzzInputs.sample(TRIES, "..", "%2F", ";", "%00", "a/../b")) {
      for (String path : ROUTED_PATHS) {
        check("GET " + path, value, get(path, value));
        check("POST " + path, value, post(path, value).bodyValue("{}"));
      }
      for (String path : LOCAL_PATHS) {
        check("GET " + path, value, client.get().uri(path, value));
        check("GET " + path + " (token)", value, get(path, value));
      }
      // actuator answers an unknown health group 404 without a body of its own (platform-web's
      // BodilessRefusalWebFilter makes it problem+json like every other refusal)
      for (String path : List.of("/actuator/health/{v}", "/actuator/health/{v}/x")) {
        check("GET " + path, value, client.get().uri(path, value));
        check("GET " + path + " (token)", value, get(path, value));
      }
      QUERIES.forEach(
          (path, names) -> {
            for (String name : names) {
              check(
                  "GET " + path + " query " + name,
                  value,
                  client
                      .get()
                      .uri(b -> b.path(path).queryParam(name, "{v}").build(value))
                      .header("Authorization", "Bearer " + tokenFor("investor")));
            }
            check(
                "GET " + path + " query name",
                value,
                client
                    .get()
                    .uri(b -> b.path(path).queryParam("{n}", "1").build(value))
                    .header("Authorization", "Bearer " + tokenFor("investor")));
          });
      String header = FuzzInputs.headerValue(value);
      for (String name :
          List.of(
              "X-Request-Id",
              "Idempotency-Key",
              "Accept",
              "X-Forwarded-For",
              "X-Investor-Id",
              "Origin",
              "traceparent")) {
        check(
            "POST /listings header " + name,
            value,
            client
                .post()
                .uri("/listings")
                .header("Authorization", "Bearer " + tokenFor("founder"))
                .header(name, header)
                .bodyValue("{}"));
      }
      check(
          "GET /listings Authorization",
          value,
          client.get().uri("/listings").header("Authorization", "Bearer " + header));
      check(
          "GET /listings Authorization (scheme)",
          value,
          client.get().uri("/listings").header("Authorization", header));
      for (String field : List.of("apiKey", "secret")) {
        check(
            "POST /auth/token " + field,
            value,
            client
                .post()
                .uri("/auth/token")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(FuzzInputs.objectWith(VALID_TOKEN_REQUEST, field, json(value))));
      }
      check(
          "POST /auth/token raw body",
          value,
          client
              .post()
              .uri("/auth/token")
              .contentType(MediaType.APPLICATION_JSON)
              .bodyValue(value));
      check(
          "POST /compliance/kyc raw body",
          value,
          post("/compliance/kyc", "").contentType(MediaType.MULTIPART_FORM_DATA).bodyValue(value));
      check(
          "PATCH /listings/{id} body",
          value,
          client
              .method(HttpMethod.PATCH)
              .uri("/listings/l-1")
              .header("Authorization", "Bearer " + tokenFor("founder"))
              .contentType(MediaType.APPLICATION_JSON)
              .bodyValue("{\"description\":" + json(value) + "}"));
    }
  }

  private WebTestClient.RequestHeadersSpec<?> get(String path, String value) {
    return client.get().uri(path, value).header("Authorization", "Bearer " + tokenFor("operator"));
  }

  private WebTestClient.RequestBodySpec post(String path, String value) {
    return client
        .post()
        .uri(path, value)
        .header("Authorization", "Bearer " + tokenFor("investor"))
        .contentType(MediaType.APPLICATION_JSON);
  }

  private static void check(
      String where, String value, WebTestClient.RequestHeadersSpec<?> request) {
    FuzzInputs.check(where, value, request, () -> 0);
  }
}
