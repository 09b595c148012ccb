package io.equitoken.identity.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.identity.support.IdentityIntegrationTest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.r2dbc.core.DatabaseClient;

/** The secret exists in clear only in the one answer that created the key. */
@ExtendWith(OutputCaptureExtension.class)
class SecretHygieneIT extends IdentityIntegrationTest {

  @Autowired DatabaseClient db;

  @Test
  void shouldNeverLogStoreOrReturnTheSecretAgain(CapturedOutput output) throws Exception {
    // given
    Map<String, Object> key = newKey("inv-hygiene", "investor");
    String apiKey = (String) key.get("apiKey");
    String secret = (String) key.get("secret");
    // when: the key is used, misused and revoked
    requestToken(Map.of("apiKey", apiKey, "secret", secret)).expectStatus().isOk();
    String tokenAnswer =
        requestToken(Map.of("apiKey", apiKey, "secret", secret))
            .expectBody(String.class)
            .returnResult()
            .getResponseBody();
    requestToken(Map.of("apiKey", apiKey, "secret", secret + "x")).expectStatus().isUnauthorized();
    // then: no log line, no later answer and no column holds it or its plain digest
    assertThat(output.getAll()).doesNotContain(secret);
    assertThat(tokenAnswer).doesNotContain(secret);
    String unpeppered =
        HexFormat.of()
            .formatHex(
                MessageDigest.getInstance("SHA-256")
                    .digest(secret.getBytes(StandardCharsets.UTF_8)));
    String row =
        db.sql(
                "select row_to_json(k)::text as row from (select id, name, principal_id, roles,"
                    + " encode(secret_hash, 'hex') as hash from api_key where id = :id) k")
            .bind("id", apiKey)
            .map(r -> r.get("row", String.class))
            .one()
            .block();
    assertThat(row).contains(apiKey).doesNotContain(secret).doesNotContain(unpeppered);
    String outbox =
        db.sql("select string_agg(payload, ' ') as p from outbox_event where subject = :id")
            .bind("id", apiKey)
            .map(r -> r.get("p", String.class))
            .one()
            .block();
    assertThat(outbox).contains(apiKey).doesNotContain(secret);
  }
}
