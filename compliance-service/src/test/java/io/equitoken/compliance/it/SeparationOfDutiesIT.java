package io.equitoken.compliance.it;

import io.equitoken.platform.test.TestJwtIssuer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An operator could grant itself compliance_officer and download decrypted KYC documents. A token
 * that carries any role besides compliance_officer is refused (identity-service also never issues
 * such a key); an officer-only token still gets the document.
 */
class SeparationOfDutiesIT extends IntegrationTestSupport {

  @Test
  void shouldOpenDocumentsOnlyForATokenWhoseSoleRoleIsComplianceOfficer() {
    String id = submitValid(newInvestor());
    Map<?, ?> detail =
        web.get()
            .uri("/compliance/reviews/{id}", id)
            .headers(h -> h.setBearerAuth(officerToken()))
            .exchange()
            .expectBody(Map.class)
            .returnResult()
            .getResponseBody();
    String href = ((Map<?, ?>) ((List<?>) detail.get("documents")).get(0)).get("href").toString();

    for (String[] roles :
        new String[][] {{"compliance_officer", "operator"}, {"compliance_officer", "investor"}}) {
      web.get()
          .uri(href)
          .headers(h -> h.setBearerAuth(TestJwtIssuer.token("op-self-granted", roles)))
          .exchange()
          .expectStatus()
          .isForbidden()
          .expectBody()
          .jsonPath("$.code")
          .isEqualTo("separation-of-duties");
    }
    web.get()
        .uri(href)
        .headers(h -> h.setBearerAuth(officerToken()))
        .exchange()
        .expectStatus()
        .isOk();
  }
}
