package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * A revoked event on identity.events.v1 makes the revoked key's tokens useless within the
 * documented bound (docs/security.md), while other keys' tokens keep working.
 */
@SpringBootTest(
    classes = WebTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
class RevocationFeedIT {

  /** The documented bound for a running feed: max-staleness (30 s); normally well under 1 s. */
  private static final Duration BOUND = Duration.ofSeconds(30);

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestJwtIssuer.register(registry);
    TestInfrastructure.registerKafka(registry);
  }

  @Autowired WebTestClient web;

  @Test
  void shouldRefuseTokensOfAKeyOnceItsRevocationIsPublished() throws Exception {
    // given: two keys of one investor, both tokens accepted
    String leaked = "etk_" + UUID.randomUUID();
    String other = "etk_" + UUID.randomUUID();
    String leakedToken = TestJwtIssuer.tokenForApiKey(leaked, "inv-rev", "investor");
    String otherToken = TestJwtIssuer.tokenForApiKey(other, "inv-rev", "investor");
    assertThat(status(leakedToken)).isEqualTo(200);

    // when: identity-service publishes the revocation
    publishRevoked(leaked);

    // then: the leaked key's token is refused within the bound, the other one still works
    Instant deadline = Instant.now().plus(BOUND);
    while (status(leakedToken) != 401 && Instant.now().isBefore(deadline)) {
      Thread.sleep(50);
    }
    assertThat(status(leakedToken)).isEqualTo(401);
    assertThat(status(otherToken)).isEqualTo(200);
  }

  private int status(String token) {
    return web.get()
        .uri("/things/1")
        .header("Authorization", "Bearer " + token)
        .exchange()
        .returnResult(Void.class)
        .getStatus()
        .value();
  }

  private static void publishRevoked(String apiKey) throws Exception {
    Map<String, Object> config =
        Map.of(
            "bootstrap.servers", TestInfrastructure.kafkaBootstrapServers(),
            "key.serializer", StringSerializer.class,
            "value.serializer", StringSerializer.class);
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", config.get("bootstrap.servers")))) {
      admin.createTopics(List.of(new NewTopic("identity.events.v1", 3, (short) 1))).all().get();
    } catch (java.util.concurrent.ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) {
        throw e;
      }
    }
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
      String body =
          "{\"apiKey\":\"%s\",\"principalId\":\"inv-rev\",\"revokedAt\":\"%s\",\"revokedBy\":\"inv-rev\"}"
              .formatted(apiKey, Instant.now());
      ProducerRecord<String, String> record =
          new ProducerRecord<>("identity.events.v1", apiKey, body);
      record.headers().add("ce_type", bytes("equitoken.identity.api-key.revoked.v1"));
      record.headers().add("ce_id", bytes(UUID.randomUUID().toString()));
      record.headers().add("ce_source", bytes("/identity-service"));
      record.headers().add("ce_subject", bytes(apiKey));
      record.headers().add("ce_specversion", bytes("1.0"));
      producer.send(record).get();
    }
  }

  private static byte[] bytes(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }
}
