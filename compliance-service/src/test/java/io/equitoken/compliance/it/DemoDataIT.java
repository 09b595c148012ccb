package io.equitoken.compliance.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.compliance.config.DemoData;
import io.equitoken.compliance.kyc.KycSubmissions;
import io.equitoken.compliance.kyc.Reviews;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

class DemoDataIT extends IntegrationTestSupport {

  @Autowired KycSubmissions submissions;
  @Autowired Reviews reviews;

  @Test
  void shouldLoadTheDemoInvestorsOnceAndLeaveThemAloneOnLaterStarts() {
    // given the loader as EQUITOKEN_DEMO_DATA=true would run it
    DemoData demo = new DemoData(submissions, reviews);

    // when it runs twice
    Long first = demo.load().block();
    Long second = demo.load().block();

    // then the second run created nothing, and each investor stands where the demo says
    assertThat(first).isBetween(0L, 4L);
    assertThat(second).isZero();
    status("inv-alice")
        .jsonPath("$.kycState")
        .isEqualTo("approved")
        .jsonPath("$.accreditation.status")
        .isEqualTo("accredited");
    status("inv-bob")
        .jsonPath("$.kycState")
        .isEqualTo("approved")
        .jsonPath("$.accreditation.status")
        .isEqualTo("none");
    status("inv-carol").jsonPath("$.kycState").isEqualTo("pending");
    status("inv-dave").jsonPath("$.kycState").isEqualTo("revision_required");
    Long decisionsByOlga =
        db.sql("SELECT count(*) AS n FROM kyc_decision WHERE decided_by = 'officer-olga'")
            .map(row -> row.get("n", Long.class))
            .one()
            .block();
    assertThat(decisionsByOlga).isEqualTo(3);
  }
}
