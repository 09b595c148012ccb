package io.equitoken.compliance.kyc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class KycSubmissionTest {

  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final Duration YEAR = Duration.ofDays(365);

  @Test
  void shouldApproveAPendingSubmissionUntilTheEndOfTheValidity() {
    KycSubmission pending = KycFixtures.pending("inv-1", T0);

    KycSubmission approved =
        pending.decide(
            KycFixtures.decision("officer-1", Decision.APPROVED, false), T0.plusSeconds(60), YEAR);

    assertThat(approved.state()).isEqualTo(KycState.APPROVED);
    assertThat(approved.expiresAt()).isEqualTo(T0.plusSeconds(60).plus(YEAR));
    assertThat(approved.decidedBy()).isEqualTo("officer-1");
    assertThat(approved.version()).isEqualTo(pending.version() + 1);
    assertThat(approved.retryable()).isNull();
  }

  @Test
  void shouldKeepRetryableOnlyOnRejections() {
    KycSubmission rejected =
        KycFixtures.pending("inv-1", T0)
            .decide(KycFixtures.decision("officer-1", Decision.REJECTED, true), T0, YEAR);

    assertThat(rejected.retryable()).isTrue();
    assertThat(rejected.expiresAt()).isNull();
  }

  @Test
  void shouldRefuseToDecideASubmissionThatIsNoLongerPending() {
    KycSubmission approved =
        KycFixtures.pending("inv-1", T0)
            .decide(KycFixtures.decision("officer-1", Decision.APPROVED, false), T0, YEAR);

    Refusal rejection =
        catchThrowableOfType(
                RefusedException.class,
                () ->
                    approved.decide(
                        KycFixtures.decision("officer-2", Decision.REJECTED, false), T0, YEAR))
            .refusal();

    assertThat(rejection.kind()).isEqualTo(Refusal.Kind.CONFLICT);
    assertThat(rejection.code()).isEqualTo("not-pending");
    assertThat(rejection.detail()).contains("approved");
  }

  @Test
  void shouldRefuseAnOfficerDecidingTheirOwnSubmission() {
    KycSubmission own = KycFixtures.pending("officer-1", T0);

    Refusal rejection =
        catchThrowableOfType(
                RefusedException.class,
                () ->
                    own.decide(
                        KycFixtures.decision("officer-1", Decision.APPROVED, false), T0, YEAR))
            .refusal();

    assertThat(rejection.kind()).isEqualTo(Refusal.Kind.FORBIDDEN);
  }

  @Test
  void shouldCountAnApprovalPastItsExpiryAsExpiredAndNotAccredited() {
    KycSubmission approved =
        KycSubmission.received(
                java.util.UUID.randomUUID(),
                "inv-1",
                KycFixtures.accreditedDetails(
                    DocumentType.PASSPORT, DocumentType.ACCREDITATION_EVIDENCE),
                T0)
            .decide(KycFixtures.decision("officer-1", Decision.APPROVED, false), T0, YEAR);

    assertThat(approved.stateAt(T0.plus(YEAR).minusMillis(1))).isEqualTo(KycState.APPROVED);
    assertThat(approved.accreditationAt(T0).accredited()).isTrue();
    assertThat(approved.stateAt(T0.plus(YEAR))).isEqualTo(KycState.EXPIRED);
    assertThat(approved.accreditationAt(T0.plus(YEAR))).isEqualTo(Accreditation.NONE);
  }

  @Test
  void shouldAllowResubmissionOnlyAfterRevisionRetryableRejectionOrExpiry() {
    KycSubmission pending = KycFixtures.pending("inv-1", T0);
    assertThat(pending.resubmissionBlockedAt(T0).code()).isEqualTo("submission-pending");

    KycSubmission approved =
        pending.decide(KycFixtures.decision("o", Decision.APPROVED, false), T0, YEAR);
    assertThat(approved.resubmissionBlockedAt(T0).code()).isEqualTo("already-approved");
    assertThat(approved.resubmissionBlockedAt(T0.plus(YEAR))).isNull();

    assertThat(
            pending
                .decide(KycFixtures.decision("o", Decision.REVISION_REQUIRED, false), T0, YEAR)
                .resubmissionBlockedAt(T0))
        .isNull();
    assertThat(
            pending
                .decide(KycFixtures.decision("o", Decision.REJECTED, true), T0, YEAR)
                .resubmissionBlockedAt(T0))
        .isNull();
    assertThat(
            pending
                .decide(KycFixtures.decision("o", Decision.REJECTED, false), T0, YEAR)
                .resubmissionBlockedAt(T0)
                .code())
        .isEqualTo("rejection-final");
  }

  @Test
  void shouldExpireOnlyAnApprovalPastItsExpiry() {
    KycSubmission approved =
        KycFixtures.pending("inv-1", T0)
            .decide(KycFixtures.decision("o", Decision.APPROVED, false), T0, YEAR);

    assertThatThrownBy(() -> approved.expire(T0)).isInstanceOf(IllegalStateException.class);
    assertThat(approved.expire(T0.plus(YEAR)).state()).isEqualTo(KycState.EXPIRED);
  }

  @Test
  void shouldRequireAReasonAndRetryableOnlyForRejections() {
    assertThatThrownBy(
            () -> new DecisionCommand("o", java.util.Set.of(), Decision.APPROVED, false, "  "))
        .isInstanceOf(RefusedException.class)
        .hasMessageContaining("reason");
    assertThatThrownBy(
            () -> new DecisionCommand("o", java.util.Set.of(), Decision.APPROVED, true, "ok"))
        .isInstanceOf(RefusedException.class)
        .hasMessageContaining("retryable");
  }
}
