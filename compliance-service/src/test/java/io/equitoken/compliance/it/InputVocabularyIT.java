package io.equitoken.compliance.it;

import static io.equitoken.platform.test.InputVocabulary.assertMistake;
import static io.equitoken.platform.test.InputVocabulary.cursor;

import io.equitoken.platform.test.InputVocabulary;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The platform's one vocabulary of input mistakes (docs/conventions.md, "Input mistakes"), as
 * compliance-service answers it: a malformed UUID in the path, a filter outside its values, a bad
 * {@code limit}, a foreign {@code cursor} and a JSON value of the wrong type in a body each get the
 * one code for that mistake, naming the parameter or member.
 */
class InputVocabularyIT extends IntegrationTestSupport {

  @Test
  void shouldAnswerAMalformedIdWithInvalidParameter() {
    assertMistake(get("/compliance/reviews/not-a-uuid"), "invalid-parameter", "submissionId");
    assertMistake(
        get("/compliance/reviews/" + UUID.randomUUID() + "/documents/1-1-1-1-1"),
        "invalid-parameter",
        "documentId");
    assertMistake(
        decide(officerToken(), "nope", "approved", false, "ok"),
        "invalid-parameter",
        "submissionId");
  }

  @Test
  void shouldAnswerAFilterOutsideItsValuesWithInvalidParameter() {
    assertMistake(get("/compliance/reviews?status=all"), "invalid-parameter", "status")
        .jsonPath("$.allowed[0]")
        .isEqualTo("pending");
  }

  @Test
  void shouldAnswerEveryBadLimitWithInvalidLimit() {
    InputVocabulary.assertEveryBadLimitRefused(
        this::get, "/compliance/reviews", InputVocabulary.BAD_LIMITS);
  }

  @Test
  void shouldAnswerEveryForeignCursorWithInvalidCursor() {
    InputVocabulary.assertEveryForeignCursorRefused(
        this::get,
        "/compliance/reviews",
        List.of(
            "bm9wZQ",
            "AB8A",
            cursor("yesterday", UUID.randomUUID().toString()),
            cursor("+999999999-12-31T23:59:59Z", UUID.randomUUID().toString()),
            cursor("2026-11-20T10:00:00Z", "nope")));
  }

  @Test
  void shouldRefuseAValueOfTheWrongJsonTypeInADecisionAndDecideNothing() {
    String id = submitValid(newInvestor());
    for (String body :
        List.of(
            "{\"decision\":\"rejected\",\"reason\":\"blurred\",\"retryable\":\"true\"}",
            "{\"decision\":\"rejected\",\"reason\":\"blurred\",\"retryable\":1}",
            "{\"decision\":\"rejected\",\"reason\":42}")) {
      String field = body.contains("retryable") ? "retryable" : "reason";
      assertMistake(
          web.post()
              .uri("/compliance/reviews/{id}/decision", id)
              .headers(h -> h.setBearerAuth(officerToken()))
              .contentType(MediaType.APPLICATION_JSON)
              .bodyValue(body)
              .exchange(),
          "validation-failed",
          field);
    }
    get("/compliance/reviews/" + id).expectBody().jsonPath("$.kycState").isEqualTo("pending");
  }

  private WebTestClient.ResponseSpec get(String uri) {
    return web.get().uri(uri).headers(h -> h.setBearerAuth(officerToken())).exchange();
  }
}
