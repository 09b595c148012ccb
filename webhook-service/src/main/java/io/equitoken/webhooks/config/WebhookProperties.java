package io.equitoken.webhooks.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code equitoken.webhooks.*}: {@code allow-loopback-receivers} admits plain-HTTP receivers on
 * loopback (local runs only; never in production); the dispatcher's poll interval and limits; the
 * HTTP client's timeouts; {@code secret-key} ({@code EQUITOKEN_WEBHOOKS_SECRET_KEY}, base64 of 32
 * bytes) seals the signing secrets at rest; when it is absent the public {@link
 * #LOCAL_ONLY_SECRET_KEY} is used unless {@code require-secret-key} is set (production sets it).
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
    boolean requireSecretKey) {

  /**
   * LOCAL RUNS ONLY: the key used when none is configured. It is in the source code, so it protects
   * nothing; production sets EQUITOKEN_WEBHOOKS_SECRET_KEY and
   * EQUITOKEN_WEBHOOKS_REQUIRE_SECRET_KEY.
   */
  static final String LOCAL_ONLY_SECRET_KEY = "TE9DQUwtT05MWS1lcXVpdG9rZW4td2ViaG9vay1rZXk=";

  WebhookProperties {
    pollInterval = pollInterval == null ? Duration.ofMillis(200) : pollInterval;
    maxInFlight = maxInFlight <= 0 ? 256 : maxInFlight;
    perEndpointConcurrency = perEndpointConcurrency <= 0 ? 4 : perEndpointConcurrency;
    connectTimeout = connectTimeout == null ? Duration.ofSeconds(5) : connectTimeout;
    responseTimeout = responseTimeout == null ? Duration.ofSeconds(15) : responseTimeout;
  }
}
