package io.equitoken.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.JWKSet;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The edge as an attacker or a careless client meets it: missing, tampered, foreign and expired
 * tokens (401), a role the matrix does not allow (403), unknown paths (404), all problem+json, and
 * no business answer over plain HTTP. The expired token is a real, identity-signed one, issued when
 * this class starts and used once its 20 s have passed.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EdgeThroughGatewayIT extends ThroughTheGateway {

  private String tokenThatWillExpire;
  private Instant tokenThatWillExpireIssuedAt;

  EdgeThroughGatewayIT(E2ePlatform e2e) {
    super(e2e);
  }

  @BeforeAll
  void issueATokenThatWillExpire() {
    tokenThatWillExpireIssuedAt = Instant.now();
    tokenThatWillExpire = investorToken();
  }

  @Test
  @Order(4)
  void shouldRefuseMissingTamperedAndForeignTokensWith401Problem() throws Exception {
    // no token
    expectProblem(gateway.get("/listings", null), 401, "unauthenticated");

    // tampered: the investor's own token, payload changed to claim the operator role
    String real = investorToken();
    String escalated = ForgedTokens.payloadOf(real).replace("\"investor\"", "\"operator\"");
    assertThat(escalated).contains("operator");
    expectProblem(
        gateway.get("/listings", ForgedTokens.withPayload(real, escalated)), 401, "invalid-token");
    expectProblem(
        gateway.get("/compliance/reviews", ForgedTokens.withPayload(real, escalated)),
        401,
        "invalid-token");

    // signed by another key, under the kid of identity-service's published key
    HttpResponse<String> jwks = gateway.get("/.well-known/jwks.json", null);
    assertThat(jwks.statusCode()).isEqualTo(200);
    var published = JWKSet.parse(jwks.body()).getKeys().get(0);
    String foreign = ForgedTokens.signedByOtherKey(published, ISSUER, AUDIENCE, investorId());
    expectProblem(gateway.get("/listings", foreign), 401, "invalid-token");
  }

  @Test
  @Order(5)
  void shouldRefuseARoleTheMatrixDoesNotAllowWith403Problem() {
    // an investor may not read the compliance review queue
    expectProblem(gateway.get("/compliance/reviews", investorToken()), 403, "forbidden");
  }

  @Test
  @Order(6)
  void shouldAnswer404ProblemForUnknownPathsAndListings() {
    String token = investorToken();
    expectProblem(gateway.get("/no-such-resource", token), 404, "not-found");
    HttpResponse<String> unknownListing = gateway.get("/listings/" + UUID.randomUUID(), token);
    assertThat(unknownListing.statusCode()).isEqualTo(404);
    assertThat(unknownListing.headers().firstValue("Content-Type").orElse(""))
        .startsWith("application/problem+json");
  }

  @Test
  @Order(7)
  void shouldGiveNoBusinessResponseToPlainHttp() throws IOException {
    String request =
        "GET /listings HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
            + investorToken()
            + "\r\nConnection: close\r\n\r\n";
    String answer;
    int port = Integer.parseInt(platform.gatewayUrl().replaceAll(".*:", ""));
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      socket.setSoTimeout(5_000);
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.US_ASCII));
      out.flush();
      answer = readWhatComes(socket.getInputStream());
    }
    assertThat(answer).doesNotContain("HTTP/1.1 2").doesNotContain("\"tokenPrice\"");
  }

  @Test
  @Order(8)
  void shouldRefuseAnExpiredTokenWith401Problem() throws InterruptedException {
    // given a real token issued by identity-service at start, now past its 20 s lifetime
    Duration age = Duration.between(tokenThatWillExpireIssuedAt, Instant.now());
    Duration wait = TOKEN_LIFETIME.plusSeconds(2).minus(age);
    if (!wait.isNegative()) {
      Thread.sleep(wait.toMillis());
    }

    // when / then
    expectProblem(gateway.get("/listings", tokenThatWillExpire), 401, "invalid-token");
    assertThat(gateway.get("/listings", investorToken()).statusCode()).isEqualTo(200);
  }

  private static String readWhatComes(InputStream in) throws IOException {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    byte[] chunk = new byte[4096];
    try {
      int read;
      while ((read = in.read(chunk)) != -1) {
        buffer.write(chunk, 0, read);
      }
    } catch (SocketTimeoutException | SocketException closedOrSilent) {
      // a TLS server closes or ignores clear text; either way no HTTP answer
    }
    return buffer.toString(StandardCharsets.ISO_8859_1);
  }
}
