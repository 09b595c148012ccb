package io.equitoken.compliance.it;

import static io.equitoken.compliance.it.KycSubmissionIT.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.compliance.kyc.KycFixtures;
import io.equitoken.platform.test.TestJwtIssuer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.http.client.MultipartBodyBuilder;

class ReviewWorkflowIT extends IntegrationTestSupport {

  @Test
  void shouldTakeAnInvestorFromSubmissionThroughRevisionToAccreditedApproval() {
    // given an investor who has not started
    String investor = newInvestor();
    status(investor)
        .jsonPath("$.kycState")
        .isEqualTo("not_started")
        .jsonPath("$.canSubmit")
        .isEqualTo(true)
        .jsonPath("$.missing.length()")
        .isEqualTo(3);

    // when they submit and an officer asks for a revision
    String first = submitValid(investor);
    decide(officerToken(), first, "revision_required", false, "The passport scan is unreadable")
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.kycState")
        .isEqualTo("revision_required")
        .jsonPath("$.decidedBy")
        .isEqualTo(OFFICER);

    // then the investor sees why and may submit again
    status(investor)
        .jsonPath("$.kycState")
        .isEqualTo("revision_required")
        .jsonPath("$.reason")
        .isEqualTo("The passport scan is unreadable")
        .jsonPath("$.canSubmit")
        .isEqualTo(true)
        .jsonPath("$.nextStep")
        .value(s -> assertThat(s.toString()).contains("unreadable"));

    // when they resubmit with an accreditation claim and it is approved
    MultipartBodyBuilder accredited = new MultipartBodyBuilder();
    accredited.part(
        "details",
        detailsJson(
            ",\"accreditationClaim\":\"income\"",
            "passport",
            "proof_of_address",
            "accreditation_evidence"),
        MediaType.APPLICATION_JSON);
    document(accredited, "passport.jpg", "image/jpeg", KycFixtures.JPEG);
    document(accredited, "bill.pdf", "application/pdf", KycFixtures.PDF);
    document(accredited, "letter.pdf", "application/pdf", KycFixtures.PDF);
    String second = submissionId(submit(investorToken(investor), accredited));
    decide(officerToken(), second, "approved", false, "Identity, address and income verified")
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.kycState")
        .isEqualTo("approved")
        .jsonPath("$.expiresAt")
        .isNotEmpty();

    // then the status is approved and accredited, and further submissions are refused
    status(investor)
        .jsonPath("$.kycState")
        .isEqualTo("approved")
        .jsonPath("$.accreditation.status")
        .isEqualTo("accredited")
        .jsonPath("$.accreditation.basis")
        .isEqualTo("income")
        .jsonPath("$.accreditation.expiresAt")
        .isNotEmpty()
        .jsonPath("$.country")
        .isEqualTo("DE")
        .jsonPath("$.decidedAt")
        .isNotEmpty()
        .jsonPath("$.reason")
        .doesNotExist()
        .jsonPath("$.canSubmit")
        .isEqualTo(false);
    problem(submit(investorToken(investor), validUpload()), 409, "already-approved");
  }

  @Test
  void shouldRefuseEveryDecisionOnASubmissionThatIsNoLongerPending() {
    String investor = newInvestor();
    String id = submitValid(investor);
    decide(officerToken(), id, "approved", false, "ok").expectStatus().isOk();

    for (String decision : List.of("approved", "rejected", "revision_required")) {
      problem(decide(officerToken(), id, decision, false, "again"), 409, "not-pending")
          .jsonPath("$.kycState")
          .isEqualTo("approved");
    }
  }

  @Test
  void shouldRefuseDecisionsOnRejectedAndRevisedSubmissions() {
    String rejected = submitValid(newInvestor());
    decide(officerToken(), rejected, "rejected", true, "Document expired").expectStatus().isOk();
    problem(
        decide(officerToken(), rejected, "approved", false, "changed my mind"), 409, "not-pending");

    String revised = submitValid(newInvestor());
    decide(officerToken(), revised, "revision_required", false, "Blurry").expectStatus().isOk();
    problem(decide(officerToken(), revised, "approved", false, "fine now"), 409, "not-pending");
  }

  @Test
  void shouldAllowResubmissionAfterARetryableRejectionButNotAfterAFinalOne() {
    String retryable = newInvestor();
    decide(officerToken(), submitValid(retryable), "rejected", true, "Address proof too old")
        .expectStatus()
        .isOk();
    status(retryable)
        .jsonPath("$.kycState")
        .isEqualTo("rejected")
        .jsonPath("$.retryable")
        .isEqualTo(true);
    submit(investorToken(retryable), validUpload()).expectStatus().isAccepted();

    String rejectedForGood = newInvestor();
    decide(officerToken(), submitValid(rejectedForGood), "rejected", false, "Sanctions list match")
        .expectStatus()
        .isOk();
    problem(submit(investorToken(rejectedForGood), validUpload()), 409, "rejection-final");
  }

  @Test
  void shouldForbidAnOfficerToDecideTheirOwnSubmission() {
    String officerWhoInvests = "officer-" + UUID.randomUUID();
    String id =
        submissionId(
            submit(
                TestJwtIssuer.token(officerWhoInvests, "investor", "compliance_officer"),
                validUpload()));

    problem(
        decide(
            TestJwtIssuer.token(officerWhoInvests, "compliance_officer"),
            id,
            "approved",
            false,
            "me"),
        403,
        "own-submission");
    web.get()
        .uri("/compliance/reviews/{id}", id)
        .headers(h -> h.setBearerAuth(officerToken()))
        .exchange()
        .expectBody()
        .jsonPath("$.kycState")
        .isEqualTo("pending");
  }

  @Test
  void shouldRequireAReasonAndAKnownDecision() {
    String id = submitValid(newInvestor());

    problem(decide(officerToken(), id, "approved", false, " "), 400, "validation-failed")
        .jsonPath("$.field")
        .isEqualTo("reason");
    problem(decide(officerToken(), id, "maybe", false, "hmm"), 400, "validation-failed")
        .jsonPath("$.field")
        .isEqualTo("decision");
    problem(decide(officerToken(), id, "approved", true, "ok"), 400, "validation-failed")
        .jsonPath("$.field")
        .isEqualTo("retryable");
  }

  @Test
  void shouldRejectUnknownMembersAndMalformedJsonInADecision() {
    String id = submitValid(newInvestor());

    problem(
            web.post()
                .uri("/compliance/reviews/{id}/decision", id)
                .headers(h -> h.setBearerAuth(officerToken()))
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"decision\":\"approved\",\"reason\":\"ok\",\"approvedBy\":\"ceo\"}")
                .exchange(),
            400,
            "validation-failed")
        .jsonPath("$.field")
        .isEqualTo("approvedBy");
    problem(
        web.post()
            .uri("/compliance/reviews/{id}/decision", id)
            .headers(h -> h.setBearerAuth(officerToken()))
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue("{\"decision\":")
            .exchange(),
        400,
        "malformed-body");
    web.get()
        .uri("/compliance/reviews/{id}", id)
        .headers(h -> h.setBearerAuth(officerToken()))
        .exchange()
        .expectBody()
        .jsonPath("$.kycState")
        .isEqualTo("pending");
  }

  @Test
  void shouldAnswer404ForAnUnknownSubmissionOrDocument() {
    String unknown = UUID.randomUUID().toString();
    problem(decide(officerToken(), unknown, "approved", false, "ok"), 404, "submission-not-found");
    problem(
        web.get()
            .uri("/compliance/reviews/{id}", unknown)
            .headers(h -> h.setBearerAuth(officerToken()))
            .exchange(),
        404,
        "submission-not-found");
    String id = submitValid(newInvestor());
    problem(
        web.get()
            .uri("/compliance/reviews/{id}/documents/{doc}", id, UUID.randomUUID())
            .headers(h -> h.setBearerAuth(officerToken()))
            .exchange(),
        404,
        "document-not-found");
    web.get()
        .uri("/compliance/reviews/not-a-uuid")
        .headers(h -> h.setBearerAuth(officerToken()))
        .exchange()
        .expectStatus()
        .isBadRequest();
  }

  @Test
  void shouldShowAnOfficerTheSubmissionWithDocumentsAndLetThemDownloadTheOriginal() {
    String investor = newInvestor();
    String id = submitValid(investor);

    Map<?, ?> detail =
        web.get()
            .uri("/compliance/reviews/{id}", id)
            .headers(h -> h.setBearerAuth(officerToken()))
            .exchange()
            .expectStatus()
            .isOk()
            .expectBody(Map.class)
            .returnResult()
            .getResponseBody();

    assertThat(detail.get("investorId")).isEqualTo(investor);
    assertThat(((Map<?, ?>) detail.get("details")).get("legalName")).isEqualTo("Ada Example");
    List<?> documents = (List<?>) detail.get("documents");
    assertThat(documents).hasSize(2);
    Map<?, ?> pdf = (Map<?, ?>) documents.get(1);
    assertThat(pdf.get("type")).isEqualTo("proof_of_address");
    byte[] downloaded =
        web.get()
            .uri(pdf.get("href").toString())
            .headers(h -> h.setBearerAuth(officerToken()))
            .exchange()
            .expectStatus()
            .isOk()
            .expectHeader()
            .contentType(MediaType.APPLICATION_PDF)
            .expectHeader()
            .valueEquals("Cache-Control", "no-store")
            .expectHeader()
            .valueEquals("X-Content-Type-Options", "nosniff")
            .expectBody(byte[].class)
            .returnResult()
            .getResponseBody();
    assertThat(downloaded).isEqualTo(KycFixtures.PDF);
  }

  @Test
  void shouldKeepEveryDecisionAsAnImmutableAuditRecord() {
    String id = submitValid(newInvestor());
    decide(officerToken(), id, "rejected", true, "Name does not match the passport")
        .expectStatus()
        .isOk();

    web.get()
        .uri("/compliance/reviews/{id}", id)
        .headers(h -> h.setBearerAuth(officerToken()))
        .exchange()
        .expectBody()
        .jsonPath("$.decisions.length()")
        .isEqualTo(1)
        .jsonPath("$.decisions[0].decision")
        .isEqualTo("rejected")
        .jsonPath("$.decisions[0].reason")
        .isEqualTo("Name does not match the passport")
        .jsonPath("$.decisions[0].decidedBy")
        .isEqualTo(OFFICER)
        .jsonPath("$.decisions[0].decidedByRoles[0]")
        .isEqualTo("compliance_officer")
        .jsonPath("$.decisions[0].retryable")
        .isEqualTo(true)
        .jsonPath("$.decisions[0].decidedAt")
        .isNotEmpty();

    UUID submission = UUID.fromString(id);
    assertThatThrownBy(
            () ->
                db.sql("UPDATE kyc_decision SET reason = 'rewritten' WHERE submission_id = :id")
                    .bind("id", submission)
                    .then()
                    .block())
        .hasMessageContaining("append-only");
    assertThatThrownBy(
            () ->
                db.sql("DELETE FROM kyc_decision WHERE submission_id = :id")
                    .bind("id", submission)
                    .then()
                    .block())
        .hasMessageContaining("append-only");
  }

  @Test
  void shouldListPendingSubmissionsOldestFirstAcrossPages() {
    // given three new pending submissions (older ones from other tests may precede them)
    List<String> mine = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      mine.add(submitValid(newInvestor()));
    }

    // when the whole queue is read two at a time
    List<String> seen = new ArrayList<>();
    List<String> times = new ArrayList<>();
    String cursor = null;
    do {
      String uri =
          "/compliance/reviews?status=pending&limit=2"
              + (cursor == null ? "" : "&cursor=" + cursor);
      var result =
          web.get()
              .uri(uri)
              .headers(h -> h.setBearerAuth(officerToken()))
              .exchange()
              .expectStatus()
              .isOk()
              .expectBody(List.class)
              .returnResult();
      List<?> items = result.getResponseBody();
      assertThat(items).hasSizeLessThanOrEqualTo(2);
      for (Object item : items) {
        seen.add(((Map<?, ?>) item).get("submissionId").toString());
        times.add(((Map<?, ?>) item).get("submittedAt").toString());
        assertThat(((Map<?, ?>) item).get("kycState")).isEqualTo("pending");
        assertThat(((Map<?, ?>) item).containsKey("legalName")).isFalse();
      }
      // a bare array like every list; the next page is the Link header's rel="next"
      String link = result.getResponseHeaders().getFirst("Link");
      cursor = link == null ? null : link.replaceFirst("^<.*[?&]cursor=([^&>]+).*$", "$1");
    } while (cursor != null);

    // then mine appear once each, in submission order, and the whole list is oldest first
    assertThat(seen).doesNotHaveDuplicates();
    assertThat(seen.stream().filter(mine::contains).toList()).containsExactlyElementsOf(mine);
    assertThat(times).isSortedAccordingTo(java.util.Comparator.comparing(java.time.Instant::parse));
  }

  @Test
  void shouldRejectAnUnknownStatusFilterAndABadCursor() {
    problem(
        web.get()
            .uri("/compliance/reviews?status=all")
            .headers(h -> h.setBearerAuth(officerToken()))
            .exchange(),
        400,
        "invalid-parameter");
    problem(
        web.get()
            .uri("/compliance/reviews?cursor=bm9wZQ")
            .headers(h -> h.setBearerAuth(officerToken()))
            .exchange(),
        400,
        "invalid-cursor");
    problem(
        web.get()
            .uri("/compliance/reviews?limit=101")
            .headers(h -> h.setBearerAuth(officerToken()))
            .exchange(),
        400,
        "invalid-limit");
  }
}
