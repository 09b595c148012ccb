package io.equitoken.compliance.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The whole-body cap of a KYC upload compared the raw path, so an encoded spelling of {@code
 * /compliance/kyc} skipped it — the controller was still reached (its mapping matches decoded
 * segments) and the body was buffered. A declared body over the cap, of which only a few bytes are
 * sent, is now refused at once on every spelling; before, the encoded ones got no answer at all
 * while the service waited for the rest.
 */
class UploadCapIT extends IntegrationTestSupport {

  /** Far over the cap (15 MB plus multipart overhead in the service's defaults). */
  private static final long DECLARED = 20L * 1024 * 1024;

  @LocalServerPort int port;

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/compliance/kyc",
        "/compliance/%6byc",
        "/compliance/k%79c",
        "/%63ompliance/kyc",
        "/compliance/%6B%79%63"
      })
  void shouldRefuseADeclaredOversizeUploadOnEverySpellingOfThePath(String path) throws IOException {
    long submissionsBefore = count();

    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      // a bounded wait: without the cap the service waits for the rest of the body forever
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST "
                  + path
                  + " HTTP/1.1\r\n"
                  + "Host: 127.0.0.1\r\n"
                  + "Authorization: Bearer "
                  + investorToken(newInvestor())
                  + "\r\n"
                  + "Content-Type: multipart/form-data; boundary=b\r\n"
                  + "Content-Length: "
                  + DECLARED
                  + "\r\n"
                  + "Connection: close\r\n\r\n"
                  + "--b\r\nshort..")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();

      BufferedReader in =
          new BufferedReader(
              new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
      String statusLine = in.readLine();
      StringBuilder rest = new StringBuilder();
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        rest.append(line).append('\n');
      }

      assertThat(statusLine).as(path).startsWith("HTTP/1.1 413");
      assertThat(rest.toString())
          .as(path)
          .contains("application/problem+json")
          .contains("\"code\":\"submission-too-large\"");
    }
    assertThat(count()).as("nothing stored for %s", path).isEqualTo(submissionsBefore);
  }

  private long count() {
    return db.sql("select count(*) from kyc_submission")
        .map(row -> row.get(0, Long.class))
        .one()
        .block();
  }
}
