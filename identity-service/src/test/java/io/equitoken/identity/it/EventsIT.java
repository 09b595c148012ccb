package io.equitoken.identity.it;

import static io.equitoken.platform.test.KafkaRecords.header;
import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.identity.messaging.IdentityTopic;
import io.equitoken.identity.support.IdentityIntegrationTest;
import io.equitoken.platform.test.EventContracts;
import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** Every event identity-service emits reaches Kafka as a CloudEvent that matches its schema. */
class EventsIT extends IdentityIntegrationTest {

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
    List<ConsumerRecord<String, String>> events =
        KafkaRecords.consume(
            TestInfrastructure.kafkaBootstrapServers(),
            IdentityTopic.NAME,
            r -> apiKey.equals(r.key()),
            2,
            Duration.ofSeconds(60));
    assertThat(events)
        .extracting(r -> header(r, "ce_type"))
        .containsExactly(IdentityTopic.API_KEY_CREATED, IdentityTopic.API_KEY_REVOKED);
    for (ConsumerRecord<String, String> event : events) {
      EventContracts.assertConforms(event);
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
}
