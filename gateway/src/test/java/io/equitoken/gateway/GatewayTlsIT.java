package io.equitoken.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.gateway.support.FakeUpstreams;
import io.equitoken.gateway.support.GatewayItSupport;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;

/** HTTPS only, with the certificate generated into the configured directory. */
class GatewayTlsIT extends GatewayItSupport {

  @Test
  void shouldServeTheGeneratedCertificateForLocalhostAnd127001() throws Exception {
    // given the certificate the gateway wrote at start
    X509Certificate written = readPem();

    // when a client connects by IP address, trusting only that certificate
    SSLContext context = trusting(written);
    try (SSLSocket socket =
        (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", port)) {
      var parameters = socket.getSSLParameters();
      parameters.setEndpointIdentificationAlgorithm("HTTPS");
      socket.setSSLParameters(parameters);
      socket.startHandshake();

      // then it is served, and it names localhost and 127.0.0.1
      Certificate served = socket.getSession().getPeerCertificates()[0];
      assertThat(served).isEqualTo(written);
    }
    assertThat(written.getSubjectAlternativeNames())
        .extracting(name -> (Object) name.get(1))
        .contains((Object) "localhost", (Object) "127.0.0.1");
    assertThat(Files.isRegularFile(certificate().resolveSibling("gateway.p12"))).isTrue();
  }

  @Test
  void shouldGiveNoBusinessResponseToPlainHttpOnTheHttpsPort() throws Exception {
    // given a valid request, but in clear text
    String requestId = newRequestId();
    String request =
        "GET /listings HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
            + tokenFor("investor")
            + "\r\nX-Request-Id: "
            + requestId
            + "\r\nConnection: close\r\n\r\n";

    // when
    String answer;
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      socket.setSoTimeout(5_000);
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.US_ASCII));
      out.flush();
      answer = readWhatComes(socket.getInputStream());
    }

    // then nothing useful comes back, and no service saw the request
    assertThat(answer).doesNotContain("HTTP/1.1 2").doesNotContain("listings-service");
    assertThat(FakeUpstreams.received(requestId)).isNull();
  }

  @Test
  void shouldServeOpenApiIndexAndFilesAnonymously() throws Exception {
    // given the files packaged from contracts/openapi (plus a test sample)
    List<String> contracts;
    try (var files = Files.list(java.nio.file.Path.of("..", "contracts", "openapi"))) {
      contracts =
          files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).toList();
    }

    // when / then
    var index = client.get().uri("/openapi").exchange().expectStatus().isOk().expectBody();
    index
        .jsonPath("$.urls[?(@.name=='gateway-it-sample')].url")
        .isEqualTo("/openapi/gateway-it-sample.yaml");
    for (String contract : contracts) {
      index.jsonPath("$.urls[?(@.url=='/openapi/" + contract + "')]").exists();
      byte[] expected;
      try (InputStream in =
          new org.springframework.core.io.ClassPathResource("openapi/services/" + contract)
              .getInputStream()) {
        expected = in.readAllBytes(); // the bundled file api-contracts built from it
      }
      client
          .get()
          .uri("/openapi/" + contract)
          .exchange()
          .expectStatus()
          .isOk()
          .expectBody()
          .consumeWith(r -> assertThat(r.getResponseBody()).isEqualTo(expected));
    }
    client
        .get()
        .uri("/openapi/gateway-it-sample.yaml")
        .exchange()
        .expectStatus()
        .isOk()
        .expectHeader()
        .contentType("application/yaml")
        .expectBody(String.class)
        .value(body -> assertThat(body).startsWith("openapi: 3.1.0"));
    // and the one merged document names every service's paths
    String merged =
        client
            .get()
            .uri("/openapi.json")
            .exchange()
            .expectStatus()
            .isOk()
            .expectHeader()
            .contentType("application/json")
            .expectBody(String.class)
            .returnResult()
            .getResponseBody();
    assertThat(merged).contains("\"openapi\" : \"3.1.0\"", "\"/listings\"", "\"/auth/token\"");
    client
        .get()
        .uri("/openapi.yaml")
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody(String.class)
        .value(body -> assertThat(body).startsWith("openapi: 3.1.0"));
    client
        .get()
        .uri("/openapi/missing.yaml")
        .exchange()
        .expectStatus()
        .isNotFound()
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("openapi-not-found");
  }

  private static X509Certificate readPem() throws Exception {
    try (InputStream in = Files.newInputStream(certificate())) {
      return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
    }
  }

  private static SSLContext trusting(X509Certificate certificate) {
    return io.equitoken.platform.test.TestTls.trusting(certificate);
  }

  private static String readWhatComes(InputStream in) throws Exception {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    byte[] chunk = new byte[4096];
    try {
      int read;
      while ((read = in.read(chunk)) != -1) {
        buffer.write(chunk, 0, read);
      }
    } catch (SocketTimeoutException | java.net.SocketException closedOrSilent) {
      // the TLS server closes or ignores clear text; either is fine
    }
    return buffer.toString(StandardCharsets.ISO_8859_1);
  }
}
