package io.equitoken.compliance.it;

import static io.equitoken.platform.test.FuzzInputs.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.FuzzInputs;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/**
 * Decision bodies, review query parameters and KYC details fuzzed with jqwik's string generators
 * (all of Unicode, controls and lone surrogates included, plus known troublemakers): never a 5xx,
 * and nothing stored on a 4xx.
 */
class InputFuzzIT extends IntegrationTestSupport {

  private static final int TRIES = 40;

  @Test
  void shouldNeverAnswer5xxNorStoreADecisionOrSubmissionForFuzzedInput() {
    String submission = submitValid(newInvestor());
    for (String value : FuzzInputs.sample(TRIES, "a\u0000b", "approved")) {
      long decisions = count("select count(*) from kyc_decision");
      long submissions = count("select count(*) from kyc_submission");
      int decided =
          web.post()
              .uri("/compliance/reviews/{id}/decision", submission)
              .headers(h -> h.setBearerAuth(officerToken()))
              .contentType(MediaType.APPLICATION_JSON)
              .bodyValue(
                  "{\"decision\":"
                      + json(value)
                      + ",\"retryable\":false,\"reason\":"
                      + json(value)
                      + "}")
              .exchange()
              .returnResult(String.class)
              .getStatus()
              .value();
      int listed =
          web.get()
              .uri(
                  b ->
                      b.path("/compliance/reviews")
                          .queryParam("status", "{s}")
                          .queryParam("cursor", "{c}")
                          .queryParam("limit", "{l}")
                          .build(value, value, value))
              .headers(h -> h.setBearerAuth(officerToken()))
              .exchange()
              .returnResult(String.class)
              .getStatus()
              .value();
      var upload = new org.springframework.http.client.MultipartBodyBuilder();
      upload.part(
          "details",
          detailsJson("", "passport", "proof_of_address").replace("\"Ada Example\"", json(value)),
          MediaType.APPLICATION_JSON);
      document(upload, "passport.png", "image/png", io.equitoken.compliance.kyc.KycFixtures.PNG);
      document(upload, "bill.pdf", "application/pdf", io.equitoken.compliance.kyc.KycFixtures.PDF);
      int submitted =
          submit(investorToken(newInvestor()), upload)
              .returnResult(String.class)
              .getStatus()
              .value();

      FuzzInputs.assertNo5xx(
          "decision, review list and KYC details", value, List.of(decided, listed, submitted));
      if (decided >= 400) {
        assertThat(count("select count(*) from kyc_decision")).isEqualTo(decisions);
      }
      if (submitted >= 400) {
        assertThat(count("select count(*) from kyc_submission")).isEqualTo(submissions);
      }
    }
  }

  private long count(String sql) {
    return db.sql(sql).map(row -> row.get(0, Long.class)).one().block();
  }
}
