package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/**
 * Issue 13, item 2: listing bodies and query parameters fuzzed with jqwik's string generators (all
 * of Unicode, controls and lone surrogates included, plus known troublemakers): never a 5xx, and
 * nothing stored on a 4xx.
 */
class InputFuzzIT extends ListingsIntegrationTest {

  private static final int TRIES = 60;
  private static final List<String> TEXT_FIELDS =
      List.of("name", "description", "problem", "solution", "sector", "stage", "country");

  @Test
  void shouldNeverAnswer5xxNorStoreAListingForFuzzedInput() {
    String founder = Api.newFounder();
    List<String> values = fuzz().sampleStream().limit(TRIES).toList();
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
      assertThat(List.of(created, listed)).as("%s = %s", field, json(value)).allMatch(s -> s < 500);
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

  private static Arbitrary<String> fuzz() {
    return Arbitraries.oneOf(
        Arbitraries.strings().all().ofMaxLength(80),
        Arbitraries.strings().withCharRange('\u0000', '\u001f').ofMinLength(1).ofMaxLength(5),
        Arbitraries.of(
            "a\u0000b", "\ud800", "AB8A", "+999999999-12-31T23:59:59Z", "x".repeat(1000), "-1"));
  }

  private static String json(String value) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
        out.append(c);
      } else {
        out.append(String.format("\\u%04x", (int) c));
      }
    }
    return out.append('"').toString();
  }
}
