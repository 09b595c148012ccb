package io.equitoken.listings.it;

import static io.equitoken.platform.test.FuzzInputs.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.FuzzInputs;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/**
 * Listing bodies and query parameters fuzzed with jqwik's string generators (all of Unicode,
 * controls and lone surrogates included, plus known troublemakers): never a 5xx, and nothing stored
 * on a 4xx.
 */
class InputFuzzIT extends ListingsIntegrationTest {

  private static final int TRIES = 60;
  private static final List<String> TEXT_FIELDS =
      List.of("name", "description", "problem", "solution", "sector", "stage", "country");

  @Test
  void shouldNeverAnswer5xxNorStoreAListingForFuzzedInput() {
    String founder = Api.newFounder();
    List<String> values = FuzzInputs.sample(TRIES, "a\u0000b", "-1");
    for (int i = 0; i < values.size(); i++) {
      String value = values.get(i);
      String field = TEXT_FIELDS.get(i % TEXT_FIELDS.size());
      long before = count("select count(*) from listing");
      int created =
          web.post()
              .uri("/listings")
              .headers(h -> h.setBearerAuth(Api.founder(founder)))
              .contentType(MediaType.APPLICATION_JSON)
              .bodyValue(listingWith(field, value))
              .exchange()
              .returnResult(String.class)
              .getStatus()
              .value();
      int listed =
          web.get()
              .uri(
                  b ->
                      b.path("/listings")
                          .queryParam("cursor", "{c}")
                          .queryParam("sector", "{s}")
                          .queryParam("limit", "{l}")
                          .build(value, value, value))
              .headers(h -> h.setBearerAuth(Api.operator()))
              .exchange()
              .returnResult(String.class)
              .getStatus()
              .value();
      FuzzInputs.assertNo5xx(field, value, List.of(created, listed));
      if (created >= 400) {
        assertThat(count("select count(*) from listing")).isEqualTo(before);
      }
    }
  }

  private static String listingWith(String field, String value) {
    StringBuilder body = new StringBuilder("{");
    for (String name : TEXT_FIELDS) {
      String text =
          name.equals(field)
              ? value
              : switch (name) {
                case "sector" -> "robotics";
                case "stage" -> "seed";
                case "country" -> "DE";
                default -> "Fuzz " + name;
              };
      body.append(json(name)).append(':').append(json(text)).append(',');
    }
    return body.append("\"raiseTarget\":1000}").toString();
  }
}
