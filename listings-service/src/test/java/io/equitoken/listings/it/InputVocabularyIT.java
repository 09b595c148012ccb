package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The platform's one vocabulary of input mistakes (docs/conventions.md, "Input mistakes"), as
 * listings answers it: a filter that is not one of its values, a bad {@code limit}, a foreign
 * {@code cursor} and a number sent as a string in a body each get the one code for that mistake.
 * Listings has no UUID or timestamp parameter.
 */
class InputVocabularyIT extends ListingsIntegrationTest {

  private static final String INVESTOR = Api.token("investor-vocabulary", "investor");

  @Test
  void shouldAnswerAFilterOutsideItsValuesWithInvalidParameter() {
    refused("/listings?sector=gambling", "invalid-parameter", "sector")
        .jsonPath("$.allowed[0]")
        .isEqualTo("ai");
    refused("/listings?country=XX", "invalid-parameter", "country");
  }

  @Test
  void shouldAnswerEveryBadLimitWithInvalidLimit() {
    for (String limit : List.of("0", "101", "ten", "1.5", "")) {
      refused("/listings?limit=" + limit, "invalid-limit", "limit");
    }
  }

  @Test
  void shouldAnswerEveryForeignCursorWithInvalidCursor() {
    for (String cursor : List.of("%21%21notours", "AB8A", "bm90LW91cnM")) {
      refused("/listings?cursor=" + cursor, "invalid-cursor", "cursor");
    }
  }

  @Test
  void shouldRefuseANumberSentAsAStringInABodyAndStoreNothing() {
    String founder = Api.newFounder();
    long before = count("select count(*) from listing");
    Map<String, Object> body = Api.listingBody("Coerced Robotics", "ai", "seed", "DE");
    body.put("raiseTarget", "1000000");

    api.call(HttpMethod.POST, "/listings", Api.founder(founder), body)
        .expectStatus()
        .isBadRequest()
        .expectHeader()
        .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("validation-failed")
        .jsonPath("$.field")
        .isEqualTo("raiseTarget");
    assertThat(count("select count(*) from listing")).isEqualTo(before);
  }

  private WebTestClient.BodyContentSpec refused(String path, String code, String field) {
    return api.call(HttpMethod.GET, path, INVESTOR, null)
        .expectStatus()
        .isBadRequest()
        .expectHeader()
        .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo(code)
        .jsonPath("$.field")
        .isEqualTo(field)
        .jsonPath("$.status")
        .isEqualTo(400);
  }
}
