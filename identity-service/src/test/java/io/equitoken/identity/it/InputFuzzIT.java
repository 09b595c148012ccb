package io.equitoken.identity.it;

import static io.equitoken.platform.test.FuzzInputs.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.identity.support.IdentityIntegrationTest;
import io.equitoken.platform.test.FuzzInputs;
import io.equitoken.platform.test.TestJwtIssuer;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * Every endpoint's parameters and body members fuzzed with jqwik's string generators (all of
 * Unicode, controls and lone surrogates included, plus known troublemakers): never a 5xx, and
 * nothing stored on a 4xx.
 */
class InputFuzzIT extends IdentityIntegrationTest {

  private static final int TRIES = 60;

  @Autowired DatabaseClient db;

  @Test
  void shouldNeverAnswer5xxNorStoreAKeyForFuzzedInput() {
    String operator = withActiveKey(TestJwtIssuer.token("op-fuzz", "operator"));
    for (String value :
        FuzzInputs.sample(
            TRIES, "demo\u0000investor", "a\udc00b", "../../etc/passwd", "%00", "operator")) {
      long keysBefore = keys();
      int token =
          web.post()
              .uri("/auth/token")
              .header("Equitoken-Client-Address", FuzzInputs.headerValue(value))
              .contentType(MediaType.APPLICATION_JSON)
              .bodyValue("{\"apiKey\":" + json(value) + ",\"secret\":" + json(value) + "}")
              .exchange()
              .returnResult(String.class)
              .getStatus()
              .value();
      int created =
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
              .value();
      int listed =
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
              .value();
      FuzzInputs.assertNo5xx(
          "POST /auth/token (body and client address), POST and GET /developer/api-key",
          value,
          List.of(token, created, listed));
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
}
