package io.equitoken.compliance.it;

import static io.equitoken.compliance.it.KycSubmissionIT.problem;
import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.compliance.kyc.ApprovalExpiry;
import io.equitoken.compliance.messaging.ComplianceTopics;
import java.time.Duration;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

class ExpiryIT extends IntegrationTestSupport {

  @Autowired ApprovalExpiry expiry;

  @Test
  void shouldTreatAnApprovalAsExpiredOnceItsValidityHasPassed() {
    // given an approved investor (validity is 30 days in these tests)
    String investor = newInvestor();
    String id = submitValid(investor);
    decide(officerToken(), id, "approved", false, "verified").expectStatus().isOk();
    problem(submit(investorToken(investor), validUpload()), 409, "already-approved");

    // when 31 days pass
    clock.advance(Duration.ofDays(31));

    // then the status reads expired at once, the job moves it to expired and announces it
    status(investor)
        .jsonPath("$.kycState")
        .isEqualTo("expired")
        .jsonPath("$.canSubmit")
        .isEqualTo(true);
    expiry.expireDue().block();
    String state =
        db.sql("SELECT state FROM kyc_submission WHERE id = :id")
            .bind("id", UUID.fromString(id))
            .map(row -> row.get("state", String.class))
            .one()
            .block();
    assertThat(state).isEqualTo("expired");
    var expired =
        EventProbe.await(
            investor,
            r ->
                ComplianceTopics.STATUS_CHANGED.equals(EventProbe.header(r, "ce_type"))
                    && r.value().contains("\"kycState\":\"expired\""),
            1);
    assertThat(expired).hasSize(1);
    assertThat(expired.get(0).value()).contains("\"accreditation\":\"none\"");

    // and the investor may renew
    submit(investorToken(investor), validUpload()).expectStatus().isAccepted();
    status(investor).jsonPath("$.kycState").isEqualTo("pending");
  }

  @Test
  void shouldExpireEachApprovalOnlyOnceEvenWhenRunAgain() {
    String investor = newInvestor();
    decide(officerToken(), submitValid(investor), "approved", false, "verified")
        .expectStatus()
        .isOk();
    clock.advance(Duration.ofDays(31));

    expiry.expireDue().block();
    expiry.expireDue().block();

    EventProbe.await(investor, r -> r.value().contains("\"kycState\":\"expired\""), 1);
    // Give a duplicate, if there were one, time to arrive before counting.
    Awaitility.await().pollDelay(Duration.ofSeconds(2)).until(() -> true);
    assertThat(EventProbe.of(investor, r -> r.value().contains("\"kycState\":\"expired\"")))
        .hasSize(1);
  }

  @Test
  void shouldRunTheExpiryJobOnItsOwnSchedule() {
    String investor = newInvestor();
    String id = submitValid(investor);
    decide(officerToken(), id, "approved", false, "verified").expectStatus().isOk();

    clock.advance(Duration.ofDays(31));

    Awaitility.await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                "expired"
                    .equals(
                        db.sql("SELECT state FROM kyc_submission WHERE id = :id")
                            .bind("id", UUID.fromString(id))
                            .map(row -> row.get("state", String.class))
                            .one()
                            .block()));
  }
}
