package io.equitoken.compliance.it;

import static io.equitoken.compliance.it.KycSubmissionIT.problem;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
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
    problem(get("/compliance/reviews/not-a-uuid"), 400, "invalid-parameter")
        .jsonPath("$.field")
        .isEqualTo("submissionId");
    problem(
            get("/compliance/reviews/" + UUID.randomUUID() + "/documents/1-1-1-1-1"),
            400,
            "invalid-parameter")
        .jsonPath("$.field")
        .isEqualTo("documentId");
    problem(decide(officerToken(), "nope", "approved", false, "ok"), 400, "invalid-parameter")
        .jsonPath("$.field")
        .isEqualTo("submissionId");
  }

  @Test
  void shouldAnswerAFilterOutsideItsValuesWithInvalidParameter() {
    problem(get("/compliance/reviews?status=all"), 400, "invalid-parameter")
        .jsonPath("$.field")
        .isEqualTo("status")
        .jsonPath("$.allowed[0]")
        .isEqualTo("pending");
  }

  @Test
  void shouldAnswerEveryBadLimitWithInvalidLimit() {
    for (String limit : List.of("0", "101", "ten", "1.5")) {
      problem(get("/compliance/reviews?limit=" + limit), 400, "invalid-limit")
          .jsonPath("$.field")
          .isEqualTo("limit");
    }
  }

  @Test
  void shouldAnswerEveryForeignCursorWithInvalidCursor() {
    for (String cursor :
        List.of(
            "bm9wZQ",
            "AB8A",
            cursor("yesterday", UUID.randomUUID().toString()),
            cursor("+999999999-12-31T23:59:59Z", UUID.randomUUID().toString()),
            cursor("2026-11-20T10:00:00Z", "nope"))) {
      problem(get("/compliance/reviews?cursor=" + cursor), 400, "invalid-cursor")
          .jsonPath("$.field")
          .isEqualTo("cursor");
    }
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
      problem(
              web.post()
                  .uri("/compliance/reviews/{id}/decision", id)
                  .headers(h -> h.setBearerAuth(officerToken()))
                  .contentType(MediaType.APPLICATION_JSON)
                  .bodyValue(body)
                  .exchange(),
              400,
              "validation-failed")
          .jsonPath("$.field")
          .isEqualTo(field);
    }
    get("/compliance/reviews/" + id).expectBody().jsonPath("$.kycState").isEqualTo("pending");
  }

  private WebTestClient.ResponseSpec get(String uri) {
    return web.get().uri(uri).headers(h -> h.setBearerAuth(officerToken())).exchange();
  }

  private static String cursor(String... parts) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(String.join("\u001f", parts).getBytes(StandardCharsets.UTF_8));
  }
}
