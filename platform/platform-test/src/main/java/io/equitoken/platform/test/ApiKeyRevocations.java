package io.equitoken.platform.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Publishes {@code equitoken.identity.api-key.revoked.v1} on {@code identity.events.v1} of the
 * shared test broker exactly as identity-service does (CloudEvents binary mode, keyed by the API
 * key id), so any service's or the gateway's tests can check that a revoked key's tokens are
 * refused. The payload follows contracts/events/identity.
 */
public final class ApiKeyRevocations {

  public static final String TOPIC = "identity.events.v1";
  public static final String TYPE = "equitoken.identity.api-key.revoked.v1";

  /** How long a revoked key's token may still be accepted (docs/security.md). */
  public static final Duration BOUND = Duration.ofSeconds(30);

  private ApiKeyRevocations() {}

  public static void publish(String apiKey, String principalId) {
    String servers = TestInfrastructure.kafkaBootstrapServers();
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", servers))) {
      admin
          .createTopics(List.of(new NewTopic(TOPIC, 3, (short) 1)))
          .all()
          .get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) {
        throw new IllegalStateException(e);
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    Map<String, Object> config =
        Map.of(
            "bootstrap.servers", servers,
            "key.serializer", StringSerializer.class,
            "value.serializer", StringSerializer.class);
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
      String body =
          "{\"apiKey\":\"%s\",\"principalId\":\"%s\",\"revokedAt\":\"%s\",\"revokedBy\":\"%s\"}"
              .formatted(apiKey, principalId, Instant.now(), principalId);
      ProducerRecord<String, String> record = new ProducerRecord<>(TOPIC, apiKey, body);
      header(record, "ce_type", TYPE);
      header(record, "ce_id", UUID.randomUUID().toString());
      header(record, "ce_source", "/identity-service");
      header(record, "ce_subject", apiKey);
      header(record, "ce_specversion", "1.0");
      header(record, "ce_time", Instant.now().toString());
      header(record, "content-type", "application/json");
      producer.send(record).get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@link #assertRevokedKeysTokensRefused(ToIntFunction)} with {@code GET uri} on {@code web}. */
  public static void assertRevokedKeysTokensRefused(WebTestClient web, String uri)
      throws InterruptedException {
    assertRevokedKeysTokensRefused(PUBLISHED, web, uri);
  }

  /**
   * {@link #assertRevokedKeysTokensRefused(Keys, ToIntFunction)} with {@code GET uri} on {@code
   * web}.
   */
  public static void assertRevokedKeysTokensRefused(Keys keys, WebTestClient web, String uri)
      throws InterruptedException {
    assertRevokedKeysTokensRefused(
        keys,
        token ->
            web.get()
                .uri(uri)
                .headers(h -> h.setBearerAuth(token))
                .exchange()
                .returnResult(Void.class)
                .getStatus()
                .value());
  }

  /**
   * How a test gets an investor's API keys and revokes one: {@link #PUBLISHED} for a service that
   * only reads tokens; identity-service, which keeps the keys, issues and revokes them through its
   * own API.
   */
  public interface Keys {

    /** A new active API key of the investor; its id, as a token's {@code azp} names it. */
    String issue(String investor);

    /** Revokes the key as identity-service does, so that its revocation is published. */
    void revoke(String apiKey, String investor);
  }

  /** Keys that exist only in tokens, revoked by {@link #publish} as identity-service would. */
  public static final Keys PUBLISHED =
      new Keys() {
        @Override
        public String issue(String investor) {
          return "etk_" + UUID.randomUUID();
        }

        @Override
        public void revoke(String apiKey, String investor) {
          publish(apiKey, investor);
        }
      };

  /** {@link #assertRevokedKeysTokensRefused(Keys, ToIntFunction)} with {@link #PUBLISHED} keys. */
  public static void assertRevokedKeysTokensRefused(ToIntFunction<String> status)
      throws InterruptedException {
    assertRevokedKeysTokensRefused(PUBLISHED, status);
  }

  /**
   * The check every service makes: a token of a fresh API key of an investor works; once the key is
   * revoked it answers 401 within {@link #BOUND} (polled every 100 ms); a token of another key of
   * the same investor keeps working. {@code status} calls an endpoint an investor may call with the
   * given token and answers the status.
   */
  public static void assertRevokedKeysTokensRefused(Keys keys, ToIntFunction<String> status)
      throws InterruptedException {
    String investor = "inv-" + UUID.randomUUID();
    String apiKey = keys.issue(investor);
    String token = TestJwtIssuer.tokenForApiKey(apiKey, investor, "investor");
    assertThat(status.applyAsInt(token)).isNotEqualTo(401).isLessThan(500);

    keys.revoke(apiKey, investor);

    long steps = BOUND.toMillis() / 100;
    int answer = status.applyAsInt(token);
    for (int i = 0; i < steps && answer != 401; i++) {
      Thread.sleep(100);
      answer = status.applyAsInt(token);
    }
    assertThat(answer).isEqualTo(401);
    String otherKey = TestJwtIssuer.tokenForApiKey(keys.issue(investor), investor, "investor");
    assertThat(status.applyAsInt(otherKey)).isNotEqualTo(401).isLessThan(500);
  }

  private static void header(ProducerRecord<String, String> record, String name, String value) {
    record.headers().add(name, value.getBytes(StandardCharsets.UTF_8));
  }
}
