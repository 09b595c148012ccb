package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.EventContracts;
import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What listings-service tells other services: every event of a listing's life arrives on
 * listings.events.v1 as a CloudEvent keyed by the listing id, in order, conforming to its schema.
 */
class EventsIT extends ListingsIntegrationTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Test
  void shouldPublishEveryLifecycleEventInOrderConformingToItsSchema() {
    // given a founder who drafts, edits, issues, publishes, edits, and an operator who suspends,
    // reactivates and finally closes the listing (with a refused command in between)
    String founder = Api.newFounder();
    String id = api.draft(founder);
    api.call(
            HttpMethod.PATCH, "/listings/" + id, Api.founder(founder), Map.of("name", "Draft edit"))
        .expectStatus()
        .isOk();
    String tokenId = api.issue(founder, id);
    api.transition(id, "publish", Api.founder(founder));
    api.call(HttpMethod.POST, "/listings/" + id + "/publish", Api.founder(founder), null)
        .expectStatus()
        .isEqualTo(409);
    api.call(
            HttpMethod.PATCH,
            "/listings/" + id,
            Api.founder(founder),
            Map.of("stage", "series_a", "raiseTarget", 2000000))
        .expectStatus()
        .isOk();
    api.call(
            HttpMethod.POST,
            "/listings/" + id + "/suspend",
            Api.operator(),
            Map.of("reason", "Review"))
        .expectStatus()
        .isOk();
    api.transition(id, "reactivate", Api.operator());
    api.transition(id, "close", Api.founder(founder));

    // when another service reads the topic
    List<ConsumerRecord<String, String>> records =
        KafkaRecords.consume(
            TestInfrastructure.kafkaBootstrapServers(),
            "listings.events.v1",
            r -> id.equals(r.key()),
            6,
            Duration.ofSeconds(60));

    // then exactly the public facts arrived, in order (no draft edit, nothing for the refusal)
    assertThat(records)
        .extracting(r -> KafkaRecords.header(r, "ce_type"))
        .containsExactly(
            "equitoken.listings.token.issued.v1",
            "equitoken.listings.listing.published.v1",
            "equitoken.listings.listing.updated.v1",
            "equitoken.listings.listing.suspended.v1",
            "equitoken.listings.listing.reactivated.v1",
            "equitoken.listings.listing.closed.v1");
    // and every one is a CloudEvent whose data conforms to its schema
    for (ConsumerRecord<String, String> record : records) {
      String type = KafkaRecords.header(record, "ce_type");
      assertThat(EventContracts.violations(type, record.value())).as(type).isEmpty();
      assertThat(KafkaRecords.header(record, "ce_specversion")).isEqualTo("1.0");
      assertThat(KafkaRecords.header(record, "ce_source")).isEqualTo("/listings-service");
      assertThat(KafkaRecords.header(record, "ce_subject")).isEqualTo(id);
      assertThat(KafkaRecords.header(record, "ce_id")).isNotBlank();
      assertThat(KafkaRecords.header(record, "content-type")).isEqualTo("application/json");
    }
    assertThat(records).extracting(r -> KafkaRecords.header(r, "ce_id")).doesNotHaveDuplicates();
    // and the token event credits the founder with the whole supply
    JsonNode issued = JSON.readTree(records.get(0).value());
    assertThat(issued.get("tokenId").asString()).isEqualTo(tokenId);
    assertThat(issued.get("listingId").asString()).isEqualTo(id);
    assertThat(issued.get("issuerPrincipalId").asString()).isEqualTo(founder);
    assertThat(issued.get("supply").decimalValue()).isEqualByComparingTo("1000000");
    assertThat(issued.get("price").decimalValue()).isEqualByComparingTo("2.5");
    JsonNode updated = JSON.readTree(records.get(2).value());
    assertThat(updated.get("changedFields").valueStream().map(JsonNode::asString).toList())
        .containsExactly("stage", "raiseTarget");
    assertThat(JSON.readTree(records.get(3).value()).get("reason").asString()).isEqualTo("Review");
  }
}
