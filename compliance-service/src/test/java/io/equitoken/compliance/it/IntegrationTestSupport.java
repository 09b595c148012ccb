package io.equitoken.compliance.it;

import io.equitoken.compliance.kyc.KycFixtures;
import io.equitoken.platform.test.MutableClock;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.http.MediaType;
import org.springframework.http.client.MultipartBodyBuilder;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.BodyInserters;

/**
 * One Spring context for every IT class (same configuration, same properties): the real service on
 * a random port against the shared real PostgreSQL and Kafka, with a clock tests can move.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient(timeout = "PT30S")
@ActiveProfiles("it")
@Import(IntegrationTestSupport.TestClockConfiguration.class)
public abstract class IntegrationTestSupport {

  public static final String OFFICER = "officer-it";

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestInfrastructure.registerDatabase(registry, "compliance");
    TestInfrastructure.registerKafka(registry);
    TestJwtIssuer.register(registry);
  }

  @TestConfiguration(proxyBeanMethods = false)
  static class TestClockConfiguration {
    @Bean
    @Primary
    MutableClock mutableClock() {
      return MutableClock.systemPlusOffset();
    }
  }

  @Autowired protected WebTestClient web;
  @Autowired protected MutableClock clock;
  @Autowired protected DatabaseClient db;

  @AfterEach
  void resetClock() {
    clock.reset();
  }

  protected static String newInvestor() {
    return "inv-" + UUID.randomUUID();
  }

  protected static String investorToken(String investorId) {
    return TestJwtIssuer.token(investorId, "investor");
  }

  protected static String officerToken() {
    return TestJwtIssuer.token(OFFICER, "compliance_officer");
  }

  protected static String detailsJson(String extraMembers, String... types) {
    String list = String.join("\",\"", types);
    return "{\"legalName\":\"Ada Example\",\"dateOfBirth\":\"1990-04-30\","
        + "\"countryOfResidence\":\"DE\""
        + extraMembers
        + ",\"documentTypes\":[\""
        + list
        + "\"]}";
  }

  /** A valid upload: a PNG passport and a PDF proof of address. */
  protected static MultipartBodyBuilder validUpload() {
    MultipartBodyBuilder body = new MultipartBodyBuilder();
    body.part(
        "details", detailsJson("", "passport", "proof_of_address"), MediaType.APPLICATION_JSON);
    document(body, "passport.png", "image/png", KycFixtures.PNG);
    document(body, "bill.pdf", "application/pdf", KycFixtures.PDF);
    return body;
  }

  protected static void document(
      MultipartBodyBuilder body, String filename, String contentType, byte[] content) {
    body.part("documents", content)
        .filename(filename)
        .contentType(MediaType.parseMediaType(contentType));
  }

  protected WebTestClient.ResponseSpec submit(String token, MultipartBodyBuilder body) {
    return web.post()
        .uri("/compliance/kyc")
        .headers(h -> h.setBearerAuth(token))
        .contentType(MediaType.MULTIPART_FORM_DATA)
        .body(BodyInserters.fromMultipartData(body.build()))
        .exchange();
  }

  /** Submits a valid upload for the investor and answers the submission id. */
  protected String submitValid(String investorId) {
    return submissionId(submit(investorToken(investorId), validUpload()));
  }

  /** The id of the submission a {@code POST /compliance/kyc} accepted ({@code 202}). */
  protected static String submissionId(WebTestClient.ResponseSpec submitted) {
    return submitted
        .expectStatus()
        .isAccepted()
        .expectBody(Map.class)
        .returnResult()
        .getResponseBody()
        .get("submissionId")
        .toString();
  }

  protected WebTestClient.ResponseSpec decide(
      String token, String submissionId, String decision, boolean retryable, String reason) {
    return web.post()
        .uri("/compliance/reviews/{id}/decision", submissionId)
        .headers(h -> h.setBearerAuth(token))
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(Map.of("decision", decision, "retryable", retryable, "reason", reason))
        .exchange();
  }

  protected WebTestClient.BodyContentSpec status(String investorId) {
    return web.get()
        .uri("/compliance/status")
        .headers(h -> h.setBearerAuth(investorToken(investorId)))
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody();
  }
}
