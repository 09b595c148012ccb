package io.equitoken.identity.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.identity.messaging.IdentityTopic;
import io.equitoken.identity.support.IdentityIntegrationTest;
import io.equitoken.platform.test.EventContracts;
import io.equitoken.platform.test.TestJwtIssuer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;

/** Every event identity-service emits reaches Kafka as a CloudEvent that matches its schema. */
class EventsIT extends IdentityIntegrationTest {

  @Value("${spring.kafka.bootstrap-servers}")
  String bootstrapServers;

  @Test
  void shouldPublishCreatedAndRevokedEventsThatMatchTheirSchemasAndCarryNoSecret() {
    // given
    Map<String, Object> key = newKey("inv-evt", "investor");
    String apiKey = (String) key.get("apiKey");
    String secret = (String) key.get("secret");
    // when
    web.delete()
        .uri("/developer/api-key/{id}", apiKey)
        .header("Authorization", bearer(TestJwtIssuer.token("op-evt", "operator")))
        .exchange()
        .expectStatus()
        .isNoContent();
    // then
    List<ConsumerRecord<String, String>> events = eventsFor(apiKey, 2);
    assertThat(events)
        .extracting(r -> header(r, "ce_type"))
        .containsExactly(IdentityTopic.API_KEY_CREATED, IdentityTopic.API_KEY_REVOKED);
    for (ConsumerRecord<String, String> event : events) {
      assertThat(EventContracts.violations(header(event, "ce_type"), event.value())).isEmpty();
      assertThat(event.value()).doesNotContain(secret).doesNotContainIgnoringCase("hash");
      assertThat(header(event, "ce_source")).isEqualTo("/identity-service");
      assertThat(header(event, "ce_subject")).isEqualTo(apiKey);
      assertThat(header(event, "ce_specversion")).isEqualTo("1.0");
      assertThat(header(event, "content-type")).isEqualTo("application/json");
      assertThat(UUID.fromString(header(event, "ce_id"))).isNotNull();
      assertThat(Instant.parse(header(event, "ce_time"))).isBefore(Instant.now().plusSeconds(1));
    }
    assertThat(events.get(1).value()).contains("\"revokedBy\":\"op-evt\"");
  }

  private List<ConsumerRecord<String, String>> eventsFor(String apiKey, int expected) {
    Properties props = new Properties();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    props.put(ConsumerConfig.GROUP_ID_CONFIG, "events-it-" + UUID.randomUUID());
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    List<ConsumerRecord<String, String>> found = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
      consumer.subscribe(List.of(IdentityTopic.NAME));
      Instant deadline = Instant.now().plusSeconds(60);
      while (found.size() < expected && Instant.now().isBefore(deadline)) {
        for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
          if (apiKey.equals(record.key())) {
            found.add(record);
          }
        }
      }
    }
    return found;
  }

  private static String header(ConsumerRecord<String, String> record, String name) {
    var header = record.headers().lastHeader(name);
    return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
  }
}
