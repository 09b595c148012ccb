package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.core.SealedSecret;
import io.equitoken.platform.web.security.ConfiguredKey;
import io.equitoken.webhooks.subscription.Actor;
import io.equitoken.webhooks.subscription.Secrets;
import io.equitoken.webhooks.subscription.Subscription;
import io.equitoken.webhooks.subscription.SubscriptionRequest;
import io.equitoken.webhooks.subscription.SubscriptionService;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * The key sealing the signing secrets: an instance started with another key than the one the stored
 * secrets were sealed with refuses to start and says why; a plain-text secret stored before sealing
 * is sealed at the next start and still signs. Runs its own application instances, one after the
 * other, on a database of their own.
 */
class SecretKeyStartupIT {

  private static final String KEY = key(1);
  private static final String OTHER_KEY = key(2);

  private static String key(int fill) {
    byte[] raw = new byte[32];
    java.util.Arrays.fill(raw, (byte) fill);
    return Base64.getEncoder().encodeToString(raw);
  }

  private static ConfigurableApplicationContext start(String key) {
    return Instances.start(
        "webhooks_keys", "webhook-service-keys-it", Map.of("equitoken.webhooks.secret-key", key));
  }

  @Test
  void shouldRefuseToStartWithAWrongKeyAndSealPlainTextSecrets() {
    UUID legacy = UUID.randomUUID();
    String legacySecret = Secrets.generate();
    Actor actor = new Actor("keys-" + UUID.randomUUID(), false);

    // given secrets sealed under one key, and one plain-text secret from before sealing
    try (ConfigurableApplicationContext first = start(KEY)) {
      first
          .getBean(SubscriptionService.class)
          .create(
              actor,
              new SubscriptionRequest(
                  "http://127.0.0.1:9/hook", List.of("price.updated"), null, null))
          .block(Duration.ofSeconds(30));
      OffsetDateTime now = OffsetDateTime.now();
      first
          .getBean(DatabaseClient.class)
          .sql(
              "insert into subscription (id, owner_id, owner_operator, url, event_types, status,"
                  + " secret, created_at, updated_at) values ($1, $2, false,"
                  + " 'http://127.0.0.1:9/hook', array['price.updated'], 'enabled', $3, $4, $4)")
          .bind(0, legacy)
          .bind(1, actor.principalId())
          .bind(2, legacySecret)
          .bind(3, now)
          .then()
          .block(Duration.ofSeconds(10));
    }

    // when an instance starts with another key, then it refuses, naming the setting (a start-up
    // refusal Spring Boot reports in a few lines, not a stack trace; platform-web
    // ConfiguredKeyTest)
    assertThatThrownBy(() -> start(OTHER_KEY).close())
        .hasRootCauseInstanceOf(ConfiguredKey.Refused.class)
        .hasStackTraceContaining("EQUITOKEN_WEBHOOKS_SECRET_KEY")
        .hasStackTraceContaining("does not open the stored signing secrets")
        .hasStackTraceContaining("./equitoken clean");

    // and without any key it refuses too: there is no built-in one
    assertThatThrownBy(() -> start(" ").close())
        .hasRootCauseInstanceOf(ConfiguredKey.Refused.class)
        .hasStackTraceContaining("EQUITOKEN_WEBHOOKS_SECRET_KEY: it is not set");

    // and with the right key it starts, seals the plain-text secret and still signs with it
    try (ConfigurableApplicationContext again = start(KEY)) {
      String stored =
          again
              .getBean(DatabaseClient.class)
              .sql("select secret from subscription where id = $1")
              .bind(0, legacy)
              .map(row -> row.get("secret", String.class))
              .one()
              .block(Duration.ofSeconds(10));
      assertThat(SealedSecret.isSealed(stored)).isTrue();
      assertThat(stored).doesNotContain(legacySecret.substring("whsec_".length()));
      Subscription read =
          again.getBean(SubscriptionService.class).get(actor, legacy).block(Duration.ofSeconds(10));
      assertThat(read.secret()).isEqualTo(legacySecret);
    }
  }
}
