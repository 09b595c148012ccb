package io.equitoken.compliance.kyc;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ComplianceStatusTest {

  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final Duration YEAR = Duration.ofDays(365);

  @Test
  void shouldTellAnInvestorWithoutSubmissionWhatToSubmit() {
    ComplianceStatus status = ComplianceStatus.of("inv-1", null, T0);

    assertThat(status.kycState()).isEqualTo(KycState.NOT_STARTED);
    assertThat(status.canSubmit()).isTrue();
    assertThat(status.missing()).hasSize(3);
    assertThat(status.nextStep()).contains("POST /compliance/kyc");
  }

  @Test
  void shouldShowTheOfficersReasonWhenRevisionIsRequired() {
    KycSubmission revision =
        KycFixtures.pending("inv-1", T0)
            .decide(
                new DecisionCommand(
                    "o", java.util.Set.of(), Decision.REVISION_REQUIRED, false, "Blurry scan"),
                T0,
                YEAR);

    ComplianceStatus status = ComplianceStatus.of("inv-1", revision, T0);

    assertThat(status.kycState()).isEqualTo(KycState.REVISION_REQUIRED);
    assertThat(status.reason()).isEqualTo("Blurry scan");
    assertThat(status.nextStep()).contains("Blurry scan");
    assertThat(status.canSubmit()).isTrue();
  }

  @Test
  void shouldNotShowAReasonForApprovals() {
    KycSubmission approved =
        KycFixtures.pending("inv-1", T0)
            .decide(KycFixtures.decision("o", Decision.APPROVED, false), T0, YEAR);

    ComplianceStatus status = ComplianceStatus.of("inv-1", approved, T0.plusSeconds(1));

    assertThat(status.kycState()).isEqualTo(KycState.APPROVED);
    assertThat(status.reason()).isNull();
    assertThat(status.canSubmit()).isFalse();
    assertThat(status.expiresAt()).isEqualTo(T0.plus(YEAR));
    assertThat(status.country()).isEqualTo("DE");
  }

  @Test
  void shouldShowExpiredAndAskForRenewalOnceTheApprovalLapsed() {
    KycSubmission approved =
        KycFixtures.pending("inv-1", T0)
            .decide(KycFixtures.decision("o", Decision.APPROVED, false), T0, YEAR);

    ComplianceStatus status = ComplianceStatus.of("inv-1", approved, T0.plus(YEAR).plusSeconds(1));

    assertThat(status.kycState()).isEqualTo(KycState.EXPIRED);
    assertThat(status.canSubmit()).isTrue();
    assertThat(status.nextStep()).contains("renew");
  }

  @Test
  void shouldSayThatAFinalRejectionCannotBeResubmitted() {
    KycSubmission rejected =
        KycFixtures.pending("inv-1", T0)
            .decide(KycFixtures.decision("o", Decision.REJECTED, false), T0, YEAR);

    ComplianceStatus status = ComplianceStatus.of("inv-1", rejected, T0);

    assertThat(status.retryable()).isFalse();
    assertThat(status.canSubmit()).isFalse();
    assertThat(status.nextStep()).contains("final");
  }
}
