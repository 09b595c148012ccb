package io.equitoken.compliance.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.compliance.kyc.Accreditation;
import io.equitoken.compliance.kyc.AccreditationBasis;
import io.equitoken.compliance.kyc.KycState;
import io.equitoken.compliance.kyc.StatusChanged;
import io.equitoken.compliance.kyc.SubmissionReceived;
import io.equitoken.platform.test.EventContracts;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class EventContractTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Instant NOW = Instant.parse("2026-11-21T10:00:00.123Z");

  @Test
  void shouldHaveExamplesThatMatchTheirSchemas() {
    for (String type :
        new String[] {ComplianceTopics.SUBMISSION_RECEIVED, ComplianceTopics.STATUS_CHANGED}) {
      assertThat(EventContracts.violations(type, EventContracts.example(type))).as(type).isEmpty();
    }
  }

  @Test
  void shouldSerialiseSubmissionReceivedAsItsSchemaSays() {
    String json =
        JSON.writeValueAsString(
            SubmissionReceivedPayload.of(new SubmissionReceived(UUID.randomUUID(), "inv-1", NOW)));

    assertThat(EventContracts.violations(ComplianceTopics.SUBMISSION_RECEIVED, json)).isEmpty();
  }

  @Test
  void shouldSerialiseEveryStatusChangeAsItsSchemaSays() {
    StatusChanged pending =
        new StatusChanged(
            UUID.randomUUID(),
            "inv-1",
            KycState.PENDING,
            Accreditation.NONE,
            "DE",
            null,
            null,
            NOW);
    StatusChanged approved =
        new StatusChanged(
            UUID.randomUUID(),
            "inv-1",
            KycState.APPROVED,
            new Accreditation(true, AccreditationBasis.INCOME, NOW.plusSeconds(60)),
            "DE",
            NOW,
            NOW.plusSeconds(60),
            NOW);

    for (StatusChanged event : new StatusChanged[] {pending, approved}) {
      String json = JSON.writeValueAsString(StatusChangedPayload.of(event));
      assertThat(EventContracts.violations(ComplianceTopics.STATUS_CHANGED, json))
          .as(json)
          .isEmpty();
    }
  }

  @Test
  void shouldRejectAnEventCarryingPersonalDataItsSchemaDoesNotAllow() {
    String withName =
        EventContracts.example(ComplianceTopics.STATUS_CHANGED)
            .replaceFirst("\\{", "{\"legalName\": \"Alice Example\",");

    assertThat(EventContracts.violations(ComplianceTopics.STATUS_CHANGED, withName)).isNotEmpty();
  }
}
