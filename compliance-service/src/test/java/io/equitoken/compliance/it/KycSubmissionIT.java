package io.equitoken.compliance.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.compliance.document.Sha256;
import io.equitoken.compliance.kyc.KycFixtures;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.http.client.MultipartBodyBuilder;
import org.springframework.test.web.reactive.server.WebTestClient;

class KycSubmissionIT extends IntegrationTestSupport {

  private static final int LIMIT = 64 * 1024;

  @Test
  void shouldAcceptAValidSubmissionAsPendingAndStoreDocumentsEncrypted() {
    // given
    String investor = newInvestor();

    // when
    var body =
        submit(investorToken(investor), validUpload())
            .expectStatus()
            .isAccepted()
            .expectHeader()
            .location("/compliance/status")
            .expectBody()
            .jsonPath("$.kycState")
            .isEqualTo("pending")
            .jsonPath("$.documents.length()")
            .isEqualTo(2)
            .jsonPath("$.documents[0].type")
            .isEqualTo("passport")
            .jsonPath("$.documents[0].contentType")
            .isEqualTo("image/png")
            .jsonPath("$.documents[0].sha256")
            .isEqualTo(Sha256.hex(KycFixtures.PNG))
            .jsonPath("$.documents[1].size")
            .isEqualTo(KycFixtures.PDF.length)
            .returnResult();

    // then
    String submissionId = readJson(body.getResponseBody()).get("submissionId").toString();
    List<Map<String, Object>> rows =
        db.sql(
                "SELECT ciphertext, nonce, key_id, sha256 FROM kyc_document WHERE submission_id = :id ORDER BY position")
            .bind("id", UUID.fromString(submissionId))
            .fetch()
            .all()
            .collectList()
            .block();
    assertThat(rows).hasSize(2);
    byte[] stored = bytes(rows.get(1).get("ciphertext"));
    assertThat(stored).hasSize(KycFixtures.PDF.length + 16);
    assertThat(indexOf(stored, "%PDF".getBytes())).isNegative();
    assertThat(bytes(rows.get(1).get("nonce"))).hasSize(12);
    assertThat(rows.get(1).get("key_id").toString()).startsWith("k");
    status(investor)
        .jsonPath("$.kycState")
        .isEqualTo("pending")
        .jsonPath("$.submissionId")
        .isEqualTo(submissionId);
  }

  @Test
  void shouldRejectASecondSubmissionWhileOneIsPending() {
    String investor = newInvestor();
    submitValid(investor);

    problem(submit(investorToken(investor), validUpload()), 409, "submission-pending");
  }

  @Test
  void shouldRejectAnExecutableDisguisedAsAPdfByNameAndDeclaredType() {
    MultipartBodyBuilder body = withDocuments("passport", "proof_of_address");
    document(body, "passport.pdf", "application/pdf", "MZ\u0090\u0000 PE executable".getBytes());
    document(body, "bill.pdf", "application/pdf", KycFixtures.PDF);

    problem(submit(investorToken(newInvestor()), body), 415, "unsupported-document-type")
        .jsonPath("$.field")
        .isEqualTo("documents[0]");
  }

  @Test
  void shouldRejectAPngDeclaredAsPdf() {
    MultipartBodyBuilder body = withDocuments("passport", "proof_of_address");
    document(body, "passport.pdf", "application/pdf", KycFixtures.PNG);
    document(body, "bill.pdf", "application/pdf", KycFixtures.PDF);

    problem(submit(investorToken(newInvestor()), body), 422, "document-type-mismatch")
        .jsonPath("$.detail")
        .value(detail -> assertThat(detail.toString()).contains("image/png"));
  }

  @Test
  void shouldRejectAPdfWhoseNameClaimsItIsAnImage() {
    MultipartBodyBuilder body = withDocuments("passport", "proof_of_address");
    document(body, "passport.png", "image/png", KycFixtures.PNG);
    document(body, "bill.jpg", "application/pdf", KycFixtures.PDF);

    problem(submit(investorToken(newInvestor()), body), 422, "document-type-mismatch")
        .jsonPath("$.field")
        .isEqualTo("documents[1]");
  }

  @Test
  void shouldRejectAnUnacceptedDeclaredContentType() {
    MultipartBodyBuilder body = withDocuments("passport", "proof_of_address");
    document(body, "passport.gif", "image/gif", "GIF89a....".getBytes());
    document(body, "bill.pdf", "application/pdf", KycFixtures.PDF);

    problem(submit(investorToken(newInvestor()), body), 415, "unsupported-document-type");
  }

  @Test
  void shouldRejectAnEmptyDocument() {
    MultipartBodyBuilder body = withDocuments("passport", "proof_of_address");
    document(body, "passport.png", "image/png", new byte[0]);
    document(body, "bill.pdf", "application/pdf", KycFixtures.PDF);

    problem(submit(investorToken(newInvestor()), body), 422, "empty-document")
        .jsonPath("$.field")
        .isEqualTo("documents[0]");
  }

  @Test
  void shouldRejectADocumentOverThePerFileLimitWith413() {
    MultipartBodyBuilder body = withDocuments("passport", "proof_of_address");
    document(body, "passport.pdf", "application/pdf", pdfOfSize(LIMIT + 1));
    document(body, "bill.pdf", "application/pdf", KycFixtures.PDF);

    submit(investorToken(newInvestor()), body)
        .expectStatus()
        .isEqualTo(413)
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON);
  }

  @Test
  void shouldRejectDocumentsTogetherOverThePerSubmissionLimitWith413() {
    MultipartBodyBuilder body = withDocuments("passport", "proof_of_address", "national_id");
    document(body, "a.pdf", "application/pdf", pdfOfSize(LIMIT - 100));
    document(body, "b.pdf", "application/pdf", pdfOfSize(LIMIT - 100));
    document(body, "c.pdf", "application/pdf", pdfOfSize(LIMIT - 100));

    problem(submit(investorToken(newInvestor()), body), 413, "submission-too-large");
  }

  @Test
  void shouldRejectAnUploadWhoseBodyIsFarOverTheLimitBeforeReadingIt() {
    MultipartBodyBuilder body = withDocuments("passport", "proof_of_address");
    document(body, "a.pdf", "application/pdf", pdfOfSize(600 * 1024));
    document(body, "b.pdf", "application/pdf", KycFixtures.PDF);

    // Either the body cap or the multipart reader's per-part cap stops it: both answer 413.
    submit(investorToken(newInvestor()), body)
        .expectStatus()
        .isEqualTo(413)
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.code")
        .value(code -> assertThat(code).isIn("submission-too-large", "payload-too-large"));
  }

  @Test
  void shouldRejectMoreDocumentsThanAllowedWith413() {
    String[] types = {
      "passport", "proof_of_address", "national_id", "national_id", "national_id", "national_id"
    };
    MultipartBodyBuilder body = withDocuments(types);
    for (int i = 0; i < types.length; i++) {
      document(body, "d" + i + ".pdf", "application/pdf", KycFixtures.PDF);
    }

    problem(submit(investorToken(newInvestor()), body), 413, "too-many-documents");
  }

  @Test
  void shouldRejectFarMoreDocumentsThanAllowedWithoutAServerError() {
    String[] types = new String[12];
    Arrays.fill(types, "passport");
    MultipartBodyBuilder body = withDocuments(types);
    for (int i = 0; i < types.length; i++) {
      document(body, "d" + i + ".pdf", "application/pdf", KycFixtures.PDF);
    }

    problem(submit(investorToken(newInvestor()), body), 413, "too-many-documents");
  }

  @Test
  void shouldRejectACountOfDocumentTypesThatDiffersFromTheParts() {
    MultipartBodyBuilder body = withDocuments("passport", "proof_of_address");
    document(body, "passport.png", "image/png", KycFixtures.PNG);

    problem(submit(investorToken(newInvestor()), body), 400, "document-types-mismatch")
        .jsonPath("$.field")
        .isEqualTo("details.documentTypes");
  }

  @Test
  void shouldRejectASubmissionWithoutDocuments() {
    problem(
        submit(investorToken(newInvestor()), withDocuments("passport")), 400, "documents-required");
  }

  @Test
  void shouldRejectASubmissionWithoutAProofOfAddress() {
    MultipartBodyBuilder body = withDocuments("passport");
    document(body, "passport.png", "image/png", KycFixtures.PNG);

    problem(submit(investorToken(newInvestor()), body), 422, "documents-missing")
        .jsonPath("$.missing[0]")
        .isEqualTo("proof_of_address");
  }

  @Test
  void shouldRejectAMissingDetailsPart() {
    MultipartBodyBuilder body = new MultipartBodyBuilder();
    document(body, "passport.png", "image/png", KycFixtures.PNG);

    problem(submit(investorToken(newInvestor()), body), 400, "details-required");
  }

  @Test
  void shouldNameEachInvalidDetailsMember() {
    MultipartBodyBuilder body = new MultipartBodyBuilder();
    body.part(
        "details",
        "{\"legalName\":\"\",\"dateOfBirth\":\"yesterday\",\"countryOfResidence\":\"XX\",\"documentTypes\":[\"selfie\"]}",
        MediaType.APPLICATION_JSON);
    document(body, "passport.png", "image/png", KycFixtures.PNG);

    problem(submit(investorToken(newInvestor()), body), 400, "validation-failed")
        .jsonPath("$.field")
        .isEqualTo("details.legalName")
        .jsonPath("$.errors.length()")
        .isEqualTo(4);
  }

  @Test
  void shouldRejectUnknownAndMalformedDetails() {
    MultipartBodyBuilder unknown =
        withDetails(detailsJson(",\"ssn\":\"123\"", "passport", "proof_of_address"));
    problem(submit(investorToken(newInvestor()), unknown), 400, "validation-failed")
        .jsonPath("$.field")
        .isEqualTo("details.ssn");

    MultipartBodyBuilder malformed = withDetails("{not json");
    problem(submit(investorToken(newInvestor()), malformed), 400, "validation-failed")
        .jsonPath("$.field")
        .isEqualTo("details");
  }

  @Test
  void shouldRejectAJsonBodyInsteadOfMultipartWith415() {
    web.post()
        .uri("/compliance/kyc")
        .headers(h -> h.setBearerAuth(investorToken(newInvestor())))
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(Map.of("legalName", "Ada"))
        .exchange()
        .expectStatus()
        .isEqualTo(415)
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON);
  }

  @Test
  void shouldRejectUnexpectedParts() {
    MultipartBodyBuilder body = validUpload();
    body.part("selfie", "hello");

    problem(submit(investorToken(newInvestor()), body), 400, "unexpected-part");
  }

  @Test
  void shouldAnswerARetriedSubmissionWithTheSameIdempotencyKeyWithTheOriginalAnswer() {
    String investor = newInvestor();
    String key = "retry-" + UUID.randomUUID();

    String first = submissionId(submitWithKey(investor, key, validUpload()));
    String second = submissionId(submitWithKey(investor, key, validUpload()));

    assertThat(second).isEqualTo(first);
    Long rows =
        db.sql("SELECT count(*) AS n FROM kyc_submission WHERE investor_id = :investor")
            .bind("investor", investor)
            .map(row -> row.get("n", Long.class))
            .one()
            .block();
    assertThat(rows).isEqualTo(1);
  }

  @Test
  void shouldRejectAReusedIdempotencyKeyWithADifferentSubmission() {
    String investor = newInvestor();
    String key = "retry-" + UUID.randomUUID();
    submitWithKey(investor, key, validUpload()).expectStatus().isAccepted();

    MultipartBodyBuilder other = withDocuments("national_id", "proof_of_address");
    document(other, "id.png", "image/png", KycFixtures.PNG);
    document(other, "bill.pdf", "application/pdf", KycFixtures.PDF);

    problem(submitWithKey(investor, key, other), 409, "idempotency-key-reused");
    // one behaviour for every service (platform-web Idempotency, docs/platform.md)
    problem(
            submitWithKey(newInvestor(), "bad key with spaces", validUpload()),
            400,
            "invalid-idempotency-key")
        .jsonPath("$.field")
        .isEqualTo("Idempotency-Key");
    problem(
        submitWithKey(newInvestor(), "k".repeat(256), validUpload()),
        400,
        "invalid-idempotency-key");
    submitWithKey(newInvestor(), "k".repeat(255), validUpload()).expectStatus().isAccepted();
  }

  private WebTestClient.ResponseSpec submitWithKey(
      String investor, String key, MultipartBodyBuilder body) {
    return web.post()
        .uri("/compliance/kyc")
        .headers(h -> h.setBearerAuth(investorToken(investor)))
        .header("Idempotency-Key", key)
        .contentType(MediaType.MULTIPART_FORM_DATA)
        .body(
            org.springframework.web.reactive.function.BodyInserters.fromMultipartData(body.build()))
        .exchange();
  }

  private static MultipartBodyBuilder withDocuments(String... types) {
    return withDetails(detailsJson("", types));
  }

  private static MultipartBodyBuilder withDetails(String json) {
    MultipartBodyBuilder body = new MultipartBodyBuilder();
    body.part("details", json, MediaType.APPLICATION_JSON);
    return body;
  }

  static byte[] pdfOfSize(int size) {
    byte[] content = new byte[size];
    Arrays.fill(content, (byte) 'x');
    System.arraycopy(KycFixtures.PDF, 0, content, 0, KycFixtures.PDF.length);
    return content;
  }

  static WebTestClient.BodyContentSpec problem(
      WebTestClient.ResponseSpec response, int status, String code) {
    return response
        .expectStatus()
        .isEqualTo(status)
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo(code)
        .jsonPath("$.status")
        .isEqualTo(status);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> readJson(byte[] body) {
    return tools.jackson.databind.json.JsonMapper.builder().build().readValue(body, Map.class);
  }

  private static byte[] bytes(Object column) {
    java.nio.ByteBuffer buffer = ((java.nio.ByteBuffer) column).duplicate();
    byte[] copy = new byte[buffer.remaining()];
    buffer.get(copy);
    return copy;
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i <= haystack.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
