package io.equitoken.identity.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.identity.support.IdentityIntegrationTest;
import io.equitoken.platform.test.TestJwtIssuer;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * Issue 13, item 2: every endpoint's parameters and body members fuzzed with jqwik's string
 * generators (all of Unicode, controls and lone surrogates included, plus known troublemakers):
 * never a 5xx, and nothing stored on a 4xx.
 */
class InputFuzzIT extends IdentityIntegrationTest {

  private static final int TRIES = 60;

  @Autowired DatabaseClient db;

  @Test
  void shouldNeverAnswer5xxNorStoreAKeyForFuzzedInput() {
    String operator = withActiveKey(TestJwtIssuer.token("op-fuzz", "operator"));
    for (String value : fuzz().sampleStream().limit(TRIES).toList()) {
      long keysBefore = keys();
      int token =
          status(
              web.post()
                  .uri("/auth/token")
                  .contentType(MediaType.APPLICATION_JSON)
                  .bodyValue("{\"apiKey\":" + json(value) + ",\"secret\":" + json(value) + "}")
                  .exchange()
                  .returnResult(String.class)
                  .getStatus()
                  .value());
      int created =
          status(
              web.post()
                  .uri("/developer/api-key")
                  .header("Authorization", bearer(operator))
                  .contentType(MediaType.APPLICATION_JSON)
                  .bodyValue(
                      "{\"name\":"
                          + json(value)
                          + ",\"principalId\":"
                          + json(value)
                          + ",\"roles\":["
                          + json(value)
                          + "]}")
                  .exchange()
                  .returnResult(String.class)
                  .getStatus()
                  .value());
      int listed =
          status(
              web.get()
                  .uri(
                      b ->
                          b.path("/developer/api-key")
                              .queryParam("principalId", "{p}")
                              .queryParam("cursor", "{c}")
                              .build(value, value))
                  .header("Authorization", bearer(operator))
                  .exchange()
                  .returnResult(String.class)
                  .getStatus()
                  .value());
      assertThat(List.of(token, created, listed)).as("for %s", json(value)).allMatch(s -> s < 500);
      if (created >= 400) {
        assertThat(keys()).as("nothing stored for %s", json(value)).isEqualTo(keysBefore);
      }
    }
  }

  private long keys() {
    return db.sql("select count(*) as n from api_key")
        .map(r -> r.get("n", Long.class))
        .one()
        .block();
  }

  private static int status(int status) {
    return status;
  }

  static Arbitrary<String> fuzz() {
    return Arbitraries.oneOf(
        Arbitraries.strings().all().ofMaxLength(80),
        Arbitraries.strings().withCharRange('\u0000', '\u001f').ofMinLength(1).ofMaxLength(5),
        Arbitraries.of(
            "demo\u0000investor",
            "\ud800",
            "a\udc00b",
            "AB8A",
            "+999999999-12-31T23:59:59Z",
            "x".repeat(1000),
            "../../etc/passwd",
            "%00",
            "operator"));
  }

  /** A JSON string literal that escapes everything outside printable ASCII, lone surrogates too. */
  static String json(String value) {
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
