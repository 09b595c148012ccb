package io.equitoken.sdk;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Receiving deliveries: {@link #verify} checks {@code webhook-signature} (and the timestamp's
 * freshness) with the Standard Webhooks library against the subscription's {@code whsec_…} secret,
 * and only then reads the body. Dedupe on {@link Event#id()} ({@code webhook-id}).
 *
 * <pre>{@code
 * Webhooks webhooks = new Webhooks(secret);
 * Webhooks.Event event = webhooks.verify(body, headers);        // throws if not genuine
 * if (event.type().equals("trade.executed")) {
 *   WebhookTradeExecutedData trade = event.data(WebhookTradeExecutedData.class);
 * }
 * }</pre>
 */
public final class Webhooks {

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .registerModule(new JavaTimeModule())
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private final Webhook webhook;

  /** {@code secret}: the subscription's {@code whsec_…} secret. */
  public Webhooks(String secret) {
    this.webhook = new Webhook(secret);
  }

  /** One verified delivery. {@code type} is open: handle unknown types as "something else". */
  public record Event(String id, String type, Instant timestamp, JsonNode data) {

    /** The {@code data} as one of the generated {@code Webhook…Data} models. */
    public <T> T data(Class<T> type) {
      return JSON.convertValue(data, type);
    }
  }

  /**
   * The delivery, if its signature verifies; else {@link InvalidDelivery}. {@code headers} as
   * received (names in any case).
   */
  public Event verify(String body, Map<String, List<String>> headers) {
    Map<String, List<String>> normalized = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    normalized.putAll(headers);
    Map<String, List<String>> lowerCase = new TreeMap<>();
    normalized.forEach((name, values) -> lowerCase.put(name.toLowerCase(), values));
    try {
      webhook.verify(body, lowerCase);
    } catch (WebhookVerificationException e) {
      throw new InvalidDelivery(e.getMessage(), e);
    }
    try {
      JsonNode envelope = JSON.readTree(body);
      List<String> ids = lowerCase.getOrDefault("webhook-id", List.of());
      return new Event(
          ids.isEmpty() ? null : ids.get(0),
          envelope.path("type").asText(),
          Instant.parse(envelope.path("timestamp").asText()),
          envelope.path("data"));
    } catch (IOException e) {
      throw new UncheckedIOException("A verified delivery whose body is not JSON", e);
    }
  }

  /** A delivery whose signature or timestamp does not verify: answer it 400 and drop it. */
  public static final class InvalidDelivery extends RuntimeException {
    InvalidDelivery(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
