package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/**
 * One trace from a request to the event it caused: the caller's W3C {@code traceparent} (as the
 * gateway forwards it) is continued by the service, stored with the outbox row and put on the Kafka
 * record, so the consumer of {@code listings.events.v1} continues the same trace (that consumer
 * side is platform-events' OutboxTracingIT).
 */
class TracingIT extends ListingsIntegrationTest {

  private static final String TRACE_ID = "0af7651916cd43dd8448eb211c80319c";
  private static final String CALLER_SPAN_ID = "b7ad6b7169203331";

  @Test
  void theEventOfARequestCarriesTheRequestsTraceId() {
    String founder = Api.newFounder();
    String listingId = api.draft(founder);

    web.post()
        .uri("/listings/" + listingId + "/token")
        .headers(h -> h.setBearerAuth(Api.founder(founder)))
        .header("traceparent", "00-" + TRACE_ID + "-" + CALLER_SPAN_ID + "-01")
        .header("X-Request-Id", "req-tracing-it-1")
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(Api.tokenBody(Api.newIsin()))
        .exchange()
        .expectStatus()
        .isCreated();

    List<ConsumerRecord<String, String>> records = eventsOf(listingId);
    assertThat(KafkaRecords.header(records.get(0), "ce_type"))
        .isEqualTo("equitoken.listings.token.issued.v1");
    String traceparent = KafkaRecords.header(records.get(0), "traceparent");
    assertThat(traceparent).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01");
    String[] parts = traceparent.split("-");
    assertThat(parts[1]).as("trace id").isEqualTo(TRACE_ID);
    assertThat(parts[2])
        .as("the service's own span, a child of the caller's")
        .isNotEqualTo(CALLER_SPAN_ID);
  }

  @Test
  void anEventOfARequestWithoutTraceparentStartsItsOwnTrace() {
    String founder = Api.newFounder();
    String listingId = api.draft(founder);
    api.issue(founder, listingId);

    List<ConsumerRecord<String, String>> records = eventsOf(listingId);
    assertThat(KafkaRecords.header(records.get(0), "traceparent"))
        .matches("00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]")
        .doesNotContain(TRACE_ID);
  }

  private static List<ConsumerRecord<String, String>> eventsOf(String listingId) {
    return KafkaRecords.consume(
        TestInfrastructure.kafkaBootstrapServers(),
        "listings.events.v1",
        r -> listingId.equals(r.key()),
        1,
        Duration.ofSeconds(60));
  }
}
