package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.TestJwtIssuer;
import org.junit.jupiter.api.Test;

class SmokeIT extends ListingsIntegrationTest {

  @Test
  void shouldAnswerHealthAndAnEmptyOrFilledListingArray() {
    web.get().uri("/actuator/health/readiness").exchange().expectStatus().isOk();
    String body =
        web.get()
            .uri("/listings")
            .headers(h -> h.setBearerAuth(TestJwtIssuer.token("inv-1", "investor")))
            .exchange()
            .expectStatus()
            .isOk()
            .expectBody(String.class)
            .returnResult()
            .getResponseBody();
    assertThat(body).startsWith("[");
  }
}
