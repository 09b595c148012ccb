package io.equitoken.identity.it;

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

  @Test
  void shouldKeepNoSecretInAnyTableWhenAKeyIsCreatedUnderAnIdempotencyKey() {
    // given: a key created under an Idempotency-Key, and its replay
    String operator = io.equitoken.platform.test.TestJwtIssuer.token("op-hygiene", "operator");
    String idempotencyKey = java.util.UUID.randomUUID().toString();
    Map<String, Object> body = keyRequest("replayable", "inv-hygiene-2", "investor");
    Map<?, ?> created =
        createWithIdempotencyKey(operator, idempotencyKey, body)
            .expectStatus()
            .isCreated()
            .expectBody(Map.class)
            .returnResult()
            .getResponseBody();
    String secret = (String) created.get("secret");
    assertThat(secret).isNotBlank();
    createWithIdempotencyKey(operator, idempotencyKey, body)
        .expectStatus()
        .isCreated()
        .expectHeader()
        .valueEquals("Idempotent-Replayed", "true")
        .expectBody()
        .jsonPath("$.apiKey")
        .isEqualTo(created.get("apiKey"))
        .jsonPath("$.secret")
        .doesNotExist();
    // then: the stored answer exists, names the key, and no row of any table holds the secret
    String stored =
        db.sql("select body from idempotency_record where idempotency_key = :key")
            .bind("key", idempotencyKey)
            .map(r -> r.get("body", String.class))
            .one()
            .block();
    assertThat(stored).contains((String) created.get("apiKey")).doesNotContain(secret);
    String secretHex = HexFormat.of().formatHex(secret.getBytes(StandardCharsets.UTF_8));
    java.util.List<String> tables =
        db.sql(
                "select table_name from information_schema.tables"
                    + " where table_schema = current_schema() and table_type = 'BASE TABLE'")
            .map(r -> r.get("table_name", String.class))
            .all()
            .collectList()
            .block();
    assertThat(tables).contains("api_key", "idempotency_record", "outbox_event");
    for (String table : tables) {
      Long rows =
          db.sql(
                  "select count(*) as n from \""
                      + table
                      + "\" t where strpos(t::text, :secret) > 0"
                      + " or strpos(t::text, :hex) > 0")
              .bind("secret", secret)
              .bind("hex", secretHex)
              .map(r -> r.get("n", Long.class))
              .one()
              .block();
      assertThat(rows).as("rows of %s holding the secret", table).isZero();
    }
  }
}
