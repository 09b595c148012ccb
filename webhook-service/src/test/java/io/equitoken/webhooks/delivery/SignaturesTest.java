package io.equitoken.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import io.equitoken.webhooks.subscription.Secrets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Our signatures, checked by the official Standard Webhooks library as a receiver would. */
class SignaturesTest {

  private static final String BODY =
      "{\"type\":\"trade.executed\",\"timestamp\":\"x\",\"data\":{}}";

  private static Map<String, List<String>> headers(String id, long ts, String signature) {
    return Map.of(
        "webhook-id", List.of(id),
        "webhook-timestamp", List.of(Long.toString(ts)),
        "webhook-signature", List.of(signature));
  }

  @Test
  void shouldBeVerifiedByTheStandardWebhooksLibrary() {
    String secret = Secrets.generate();
    long now = Instant.now().getEpochSecond();
    String signature = Signatures.header(List.of(secret), "msg_1", now, BODY);

    assertThatCode(() -> new Webhook(secret).verify(BODY, headers("msg_1", now, signature)))
        .doesNotThrowAnyException();
  }

  @Test
  void shouldVerifyUnderEitherSecretDuringARotation() {
    String old = Secrets.generate();
    String fresh = Secrets.generate();
    long now = Instant.now().getEpochSecond();
    String signature = Signatures.header(List.of(fresh, old), "msg_2", now, BODY);

    assertThatCode(() -> new Webhook(old).verify(BODY, headers("msg_2", now, signature)))
        .doesNotThrowAnyException();
    assertThatCode(() -> new Webhook(fresh).verify(BODY, headers("msg_2", now, signature)))
        .doesNotThrowAnyException();
  }

  @Test
  void shouldFailVerificationForAnotherSecretOrAChangedBody() {
    String secret = Secrets.generate();
    long now = Instant.now().getEpochSecond();
    String signature = Signatures.header(List.of(secret), "msg_3", now, BODY);

    assertThatThrownBy(
            () -> new Webhook(Secrets.generate()).verify(BODY, headers("msg_3", now, signature)))
        .isInstanceOf(WebhookVerificationException.class);
    assertThatThrownBy(
            () -> new Webhook(secret).verify(BODY + " ", headers("msg_3", now, signature)))
        .isInstanceOf(WebhookVerificationException.class);
  }

  @Test
  void shouldIssueSecretsOfTheStandardForm() {
    String secret = Secrets.generate();
    org.assertj.core.api.Assertions.assertThat(secret).startsWith("whsec_");
    org.assertj.core.api.Assertions.assertThat(Secrets.key(secret)).hasSize(32);
  }
}
