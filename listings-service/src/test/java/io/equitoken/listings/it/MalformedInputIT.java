package io.equitoken.listings.it;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * A cursor decoding to NUL bytes and NUL in listing text fields answered 500 (a PostgreSQL error)
 * with a stack trace. Each answers 400 problem+json naming the field now, and nothing is stored.
 */
class MalformedInputIT extends ListingsIntegrationTest {

  @Test
  void shouldRefuseACursorThatDecodesToNulBytes() {
    expect400(api.call(HttpMethod.GET, "/listings?cursor=AB8A", Api.operator(), null), "cursor");
  }

  @Test
  void shouldRefuseNulAndControlCharactersInEveryTextFieldOfANewListing() {
    String founder = Api.newFounder();
    long before = count("select count(*) from listing");
    List<Consumer<Map<String, Object>>> poisons =
        List.of(
            b -> b.put("description", "a\u0000b"),
            b -> b.put("problem", "a\u0000b"),
            b -> b.put("solution", "bell\u0007"),
            b -> b.put("team", List.of(Map.of("name", "Ada\u0000", "role", "CEO"))),
            b ->
                b.put(
                    "documents",
                    List.of(Map.of("title", "deck\u0000", "url", "https://docs.example.com/d"))));
    for (Consumer<Map<String, Object>> poison : poisons) {
      Map<String, Object> body = Api.listingBody("Nul Robotics", "robotics", "seed", "DE");
      poison.accept(body);
      api.call(HttpMethod.POST, "/listings", Api.founder(founder), body)
          .expectStatus()
          .isBadRequest()
          .expectHeader()
          .contentType(MediaType.APPLICATION_PROBLEM_JSON);
    }
    Assertions.assertThat(count("select count(*) from listing")).isEqualTo(before);
  }

  @Test
  void shouldRefuseNulInAPatchAndKeepTheListingUnchanged() {
    String founder = Api.newFounder();
    String id = api.draft(founder);

    expect400(
        api.call(
            HttpMethod.PATCH,
            "/listings/" + id,
            Api.founder(founder),
            Map.of("description", "x\u0000y")),
        "description");
    api.get("/listings/" + id, Api.founder(founder));
  }

  private static void expect400(WebTestClient.ResponseSpec response, String field) {
    response
        .expectStatus()
        .isBadRequest()
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo(field);
  }
}
