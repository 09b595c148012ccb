package io.equitoken.webhooks.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code equitoken.webhooks.*}: {@code allow-loopback-receivers} admits plain-HTTP receivers on
 * loopback (local runs only; never in production); {@code poll-interval}, the longest an idle
 * dispatcher sleeps without a wake-up or a retry falling due, and the dispatcher's limits; the HTTP
 * client's timeouts; {@code secret-key} ({@code EQUITOKEN_WEBHOOKS_SECRET_KEY}, base64 of 32 bytes)
 * seals the signing secrets at rest: required, there is no built-in value; {@code
 * max-subscriptions-per-principal} caps a principal's subscriptions; {@code per-owner-concurrency}
 * caps the deliveries in flight to one owner's endpoints together.
 */
@ConfigurationProperties("equitoken.webhooks")
record WebhookProperties(
    boolean allowLoopbackReceivers,
    Duration pollInterval,
    int maxInFlight,
    int perEndpointConcurrency,
    Duration connectTimeout,
    Duration responseTimeout,
    String secretKey,
    int maxSubscriptionsPerPrincipal,
    int perOwnerConcurrency) {

  WebhookProperties {
    pollInterval = pollInterval == null ? Duration.ofSeconds(2) : pollInterval;
    maxInFlight = maxInFlight <= 0 ? 256 : maxInFlight;
    perEndpointConcurrency = perEndpointConcurrency <= 0 ? 4 : perEndpointConcurrency;
    connectTimeout = connectTimeout == null ? Duration.ofSeconds(5) : connectTimeout;
    responseTimeout = responseTimeout == null ? Duration.ofSeconds(15) : responseTimeout;
    maxSubscriptionsPerPrincipal =
        maxSubscriptionsPerPrincipal <= 0 ? 25 : maxSubscriptionsPerPrincipal;
    perOwnerConcurrency = perOwnerConcurrency <= 0 ? 32 : perOwnerConcurrency;
  }
}
