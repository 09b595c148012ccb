package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.core.SealedSecret;
import io.equitoken.platform.test.WebhookReceiver;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Signing secrets are sealed at rest: the stored columns never hold a secret (neither its {@code
 * whsec_} form nor its key), before and after a rotation, and deliveries still carry signatures
 * under the old and the new secret that the Standard Webhooks library verifies.
 */
class SecretsAtRestIT extends WebhooksIntegrationBase {

  private static final String PRICE = "equitoken.trading.price.updated.v1";

  private WebhookReceiver receiver;
  private String owner;
  private String token;

  @BeforeEach
  void receiver() {
    receiver = new WebhookReceiver();
    owner = Api.newPrincipal();
    token = Api.investor(owner);
  }

  @AfterEach
  void close() {
    db.sql("delete from subscription where owner_id = $1").bind(0, owner).then().block();
    receiver.close();
  }

  private List<String> stored(String id) {
    return db.sql("select secret, previous_secret from subscription where id = $1")
        .bind(0, UUID.fromString(id))
        .map(
            row ->
                java.util.Arrays.asList(
                    row.get("secret", String.class), row.get("previous_secret", String.class)))
        .one()
        .block(Duration.ofSeconds(10));
  }

  private static String keyPart(String secret) {
    return secret.substring("whsec_".length());
  }

  @Test
  void shouldNeverStoreASecretAndStillSignUnderBothAfterARotation() {
    // given a subscription
    JsonNode sub = api.subscribe(token, receiver.url(), "price.updated");
    String id = sub.get("id").asString();
    String first = sub.get("secret").asString();

    // then the stored secret is sealed and holds nothing of the secret
    List<String> before = stored(id);
    assertThat(SealedSecret.isSealed(before.get(0))).isTrue();
    assertThat(before.get(0)).doesNotContain(first).doesNotContain(keyPart(first));
    assertThat(before.get(1)).isNull();

    // when the secret is rotated
    String fresh = api.rotateSecret(token, id).get("secret").asString();

    // then both stored secrets are sealed and hold neither secret
    List<String> after = stored(id);
    assertThat(after).allMatch(SealedSecret::isSealed);
    for (String column : after) {
      assertThat(column)
          .doesNotContain(first)
          .doesNotContain(keyPart(first))
          .doesNotContain(fresh)
          .doesNotContain(keyPart(fresh));
    }

    // and a delivery is signed under both, each verifiable with the Standard Webhooks library
    String tokenId = UUID.randomUUID().toString();
    Events.send(PRICE, tokenId, Events.example(PRICE, e -> e.put("tokenId", tokenId)));
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> !receiver.received().isEmpty());
    WebhookReceiver.Received got = receiver.received().get(0);
    assertThat(got.signature().split(" ")).hasSize(2);
    assertThat(got.verifiesWith(fresh)).isTrue();
    assertThat(got.verifiesWith(first)).isTrue();
  }
}
