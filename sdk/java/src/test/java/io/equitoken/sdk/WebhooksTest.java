package io.equitoken.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.standardwebhooks.Webhook;
import io.equitoken.sdk.model.WebhookTradeExecutedData;
import java.math.BigDecimal;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Deliveries signed as webhook-service signs them (Standard Webhooks) verify; others do not. */
class WebhooksTest {

  private static final String SECRET =
      "whsec_" + Base64.getEncoder().encodeToString("0123456789abcdef0123456789abcdef".getBytes());
  private static final String BODY =
      "{\"type\":\"trade.executed\",\"timestamp\":\"2026-11-20T10:01:12.031Z\",\"data\":"
          + "{\"tradeId\":\"t-1\",\"tokenId\":\"tok-1\",\"price\":2.5,\"quantity\":100,"
          + "\"aNewMember\":\"ignored\"}}";

  @Test
  void shouldVerifyASignedDeliveryAndReadItsData() throws Exception {
    long now = System.currentTimeMillis() / 1000;
    String signature = new Webhook(SECRET).sign("msg_1", now, BODY);

    Webhooks.Event event =
        new Webhooks(SECRET)
            .verify(
                BODY,
                Map.of(
                    "Webhook-Id", List.of("msg_1"),
                    "Webhook-Timestamp", List.of(Long.toString(now)),
                    "Webhook-Signature", List.of(signature)));

    assertThat(event.id()).isEqualTo("msg_1");
    assertThat(event.type()).isEqualTo("trade.executed");
    WebhookTradeExecutedData trade = event.data(WebhookTradeExecutedData.class);
    assertThat(trade.getPrice()).isEqualByComparingTo(new BigDecimal("2.5"));
  }

  @Test
  void shouldRefuseATamperedBodyAnotherSecretAndAStaleTimestamp() throws Exception {
    long now = System.currentTimeMillis() / 1000;
    String signature = new Webhook(SECRET).sign("msg_1", now, BODY);
    Webhooks webhooks = new Webhooks(SECRET);

    assertThatThrownBy(
            () -> webhooks.verify(BODY.replace("2.5", "0.5"), headers("msg_1", now, signature)))
        .isInstanceOf(Webhooks.InvalidDelivery.class);
    String other =
        "whsec_"
            + Base64.getEncoder().encodeToString("another-secret-another-secret-xx".getBytes());
    assertThatThrownBy(() -> new Webhooks(other).verify(BODY, headers("msg_1", now, signature)))
        .isInstanceOf(Webhooks.InvalidDelivery.class);
    long stale = now - 3600;
    String old = new Webhook(SECRET).sign("msg_1", stale, BODY);
    assertThatThrownBy(() -> webhooks.verify(BODY, headers("msg_1", stale, old)))
        .isInstanceOf(Webhooks.InvalidDelivery.class);
  }

  private static Map<String, List<String>> headers(String id, long timestamp, String signature) {
    return Map.of(
        "webhook-id", List.of(id),
        "webhook-timestamp", List.of(Long.toString(timestamp)),
        "webhook-signature", List.of(signature));
  }
}
