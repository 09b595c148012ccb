package io.equitoken.compliance.it;

import static io.equitoken.compliance.it.EventProbe.header;
import static io.equitoken.compliance.it.EventProbe.ofType;
import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.compliance.messaging.ComplianceTopics;
import io.equitoken.platform.test.EventContracts;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class ComplianceEventsIT extends IntegrationTestSupport {

  @Test
  void shouldPublishSchemaValidCloudEventsKeyedByInvestorForEveryChange() {
    // given an investor who submits and is approved
    String investor = newInvestor();
    String id = submitValid(investor);
    decide(officerToken(), id, "approved", false, "verified").expectStatus().isOk();

    // when the events reach Kafka
    List<ConsumerRecord<String, String>> received =
        EventProbe.await(investor, ofType(ComplianceTopics.SUBMISSION_RECEIVED), 1);
    List<ConsumerRecord<String, String>> changes =
        EventProbe.await(investor, ofType(ComplianceTopics.STATUS_CHANGED), 2);

    // then each is a CloudEvent keyed by the investor that matches its schema
    assertThat(received.get(0).value()).contains(id);
    assertThat(changes)
        .extracting(ConsumerRecord::value)
        .satisfiesExactly(
            pending -> assertThat(pending).contains("\"kycState\":\"pending\""),
            approved ->
                assertThat(approved)
                    .contains("\"kycState\":\"approved\"")
                    .contains("\"country\":\"DE\"")
                    .contains("\"accreditation\":\"none\""));
    for (ConsumerRecord<String, String> record : EventProbe.of(investor, r -> true)) {
      String type = header(record, "ce_type");
      assertThat(record.key()).isEqualTo(investor);
      assertThat(header(record, "ce_specversion")).isEqualTo("1.0");
      assertThat(header(record, "ce_source")).isEqualTo("/compliance-service");
      assertThat(header(record, "ce_subject")).isEqualTo(investor);
      assertThat(header(record, "ce_id")).isNotBlank();
      assertThat(EventContracts.violations(type, record.value())).as(record.value()).isEmpty();
      assertThat(record.value()).doesNotContain("Ada").doesNotContain("1990-04-30");
    }
  }

  @Test
  void shouldPublishNothingForARefusedSubmission() {
    String investor = newInvestor();
    submitValid(investor);
    submit(investorToken(investor), validUpload()).expectStatus().isEqualTo(409);
    EventProbe.await(investor, ofType(ComplianceTopics.SUBMISSION_RECEIVED), 1);

    // the first submission's events arrived; the refused one added none
    String probe = newInvestor();
    submitValid(probe);
    EventProbe.await(probe, ofType(ComplianceTopics.SUBMISSION_RECEIVED), 1);
    assertThat(EventProbe.of(investor, ofType(ComplianceTopics.SUBMISSION_RECEIVED))).hasSize(1);
  }
}
