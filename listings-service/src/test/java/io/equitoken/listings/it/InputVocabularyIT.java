package io.equitoken.listings.it;

import static io.equitoken.platform.test.InputVocabulary.assertMistake;
import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.InputVocabulary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
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
    assertMistake(get("/listings?sector=gambling"), "invalid-parameter", "sector")
        .jsonPath("$.allowed[0]")
        .isEqualTo("ai");
    assertMistake(get("/listings?country=XX"), "invalid-parameter", "country");
  }

  @Test
  void shouldAnswerEveryBadLimitWithInvalidLimit() {
    InputVocabulary.assertEveryBadLimitRefused(
        this::get, "/listings", List.of("0", "101", "ten", "1.5", ""));
  }

  @Test
  void shouldAnswerEveryForeignCursorWithInvalidCursor() {
    InputVocabulary.assertEveryForeignCursorRefused(
        this::get, "/listings", List.of("%21%21notours", "AB8A", "bm90LW91cnM"));
  }

  @Test
  void shouldRefuseANumberSentAsAStringInABodyAndStoreNothing() {
    String founder = Api.newFounder();
    long before = count("select count(*) from listing");
    Map<String, Object> body = Api.listingBody("Coerced Robotics", "ai", "seed", "DE");
    body.put("raiseTarget", "1000000");

    assertMistake(
        api.call(HttpMethod.POST, "/listings", Api.founder(founder), body),
        "validation-failed",
        "raiseTarget");
    assertThat(count("select count(*) from listing")).isEqualTo(before);
  }

  private WebTestClient.ResponseSpec get(String uri) {
    return api.call(HttpMethod.GET, uri, INVESTOR, null);
  }
}
