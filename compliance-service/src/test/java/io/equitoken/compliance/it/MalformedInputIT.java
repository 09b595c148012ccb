package io.equitoken.compliance.it;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.equitoken.platform.web.Cursors;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.http.client.MultipartBodyBuilder;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Inputs that answered 500 with a stack trace. Each answers 400 problem+json now, naming the field,
 * and stores nothing.
 */
class MalformedInputIT extends IntegrationTestSupport {

  @Test
  void shouldRefuseNulInADecisionReasonAndLeaveTheSubmissionPending() {
    String investor = newInvestor();
    String submission = submitValid(investor);

    badRequest(decide(officerToken(), submission, "approved", false, "looks\u0000fine"), "reason");

    status(investor).jsonPath("$.kycState").isEqualTo("pending");
  }

  @Test
  void shouldRefuseAReviewCursorWhoseTimestampPostgresqlCannotHold() {
    String cursor = Cursors.encode("+999999999-12-31T23:59:59Z", UUID.randomUUID().toString());

    badRequest(
        web.get()
            .uri("/compliance/reviews?cursor=" + cursor)
            .headers(h -> h.setBearerAuth(officerToken()))
            .exchange(),
        "cursor");
  }

  @Test
  void shouldRefuseAMultipartPartWithoutANameWithoutAnErrorLog() throws InterruptedException {
    // Netty reports a buffer leaked anywhere earlier in this JVM when it tracks the next buffer
    // after a GC: let that happen before listening, so that what is heard is this request's own
    System.gc();
    Thread.sleep(100);
    newInvestor();
    ListAppender<ILoggingEvent> logged = new ListAppender<>();
    Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    logged.start();
    root.addAppender(logged);
    try {
      refuseAMultipartPartWithoutAName();
      // what the reader and the buffers' owners log comes right after the answer, if at all
      Thread.sleep(500);
    } finally {
      root.detachAppender(logged);
    }
    assertThat(
            logged.list.stream()
                .filter(e -> e.getLevel().isGreaterOrEqual(Level.ERROR))
                .map(e -> e.getLoggerName() + ": " + e.getFormattedMessage()))
        .isEmpty();
  }

  private void refuseAMultipartPartWithoutAName() {
    String investor = newInvestor();
    String boundary = "b0undary";
    String body =
        "--"
            + boundary
            + "\r\nContent-Disposition: form-data\r\nContent-Type: text/plain\r\n\r\nhello\r\n--"
            + boundary
            + "--\r\n";

    web.post()
        .uri("/compliance/kyc")
        .headers(h -> h.setBearerAuth(investorToken(investor)))
        .contentType(MediaType.parseMediaType("multipart/form-data; boundary=" + boundary))
        .bodyValue(body.getBytes(StandardCharsets.US_ASCII))
        .exchange()
        .expectStatus()
        .isBadRequest()
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON);
    status(investor).jsonPath("$.kycState").isEqualTo("not_started");
  }

  @Test
  void shouldRefuseDetailsWithNulOrALoneSurrogateOrBrokenUtf8() {
    String investor = newInvestor();
    for (byte[] details :
        new byte[][] {
          detailsJson("", "passport", "proof_of_address")
              .replace("Ada Example", "Ada\\u0000Example")
              .getBytes(StandardCharsets.UTF_8),
          detailsJson("", "passport", "proof_of_address")
              .replace("Ada Example", "Ada\\ud800Example")
              .getBytes(StandardCharsets.UTF_8),
          withBrokenUtf8(detailsJson("", "passport", "proof_of_address"))
        }) {
      MultipartBodyBuilder body = new MultipartBodyBuilder();
      body.part("details", details, MediaType.APPLICATION_JSON).filename("details.json");
      document(body, "passport.png", "image/png", io.equitoken.compliance.kyc.KycFixtures.PNG);
      document(body, "bill.pdf", "application/pdf", io.equitoken.compliance.kyc.KycFixtures.PDF);

      submit(investorToken(investor), body)
          .expectStatus()
          .isBadRequest()
          .expectBody()
          .jsonPath("$.field")
          .value(field -> assertThat((String) field).startsWith("details"));
    }
    status(investor).jsonPath("$.kycState").isEqualTo("not_started");
  }

  private static byte[] withBrokenUtf8(String json) {
    byte[] bytes = json.replace("Ada Example", "Ada #Example").getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == '#') {
        bytes[i] = (byte) 0xC3; // a lead byte followed by an ASCII letter: malformed
      }
    }
    return bytes;
  }

  private static void badRequest(WebTestClient.ResponseSpec response, String field) {
    response
        .expectStatus()
        .isBadRequest()
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo(field);
  }
}
