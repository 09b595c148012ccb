package io.equitoken.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.gateway.support.FakeUpstreams;
import io.equitoken.gateway.support.GatewayItSupport;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.test.TestTls;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;

/**
 * Issue 13, item 4: an oversize KYC upload through the gateway sometimes got {@code 503
 * unreachable} instead of the service's {@code 413} (the service answered and closed while the
 * gateway was still streaming the body), and those 503s counted against the route's circuit
 * breaker. The gateway now refuses a declared oversize upload itself: twenty in a row all get the
 * 413 problem, on the plain and an encoded spelling of the path, and none reaches the service.
 */
class GatewayUploadLimitIT extends GatewayItSupport {

  private static final long DECLARED = 20L * 1024 * 1024;

  @Test
  void shouldAnswer413ToEveryOversizeUploadWithoutCallingTheService() throws IOException {
    for (int i = 0; i < 20; i++) {
      String path = i % 2 == 0 ? "/compliance/kyc" : "/compliance/%6byc";
      String requestId = newRequestId();

      String answer = send(path, requestId);

      assertThat(answer)
          .as("upload %d to %s", i, path)
          .startsWith("HTTP/1.1 413")
          .containsIgnoringCase("content-type: application/problem+json")
          .containsIgnoringCase("strict-transport-security:")
          .contains("\"code\":\"submission-too-large\"");
      assertThat(FakeUpstreams.received(requestId)).as("the service was not called").isNull();
    }
  }

  private String send(String path, String requestId) throws IOException {
    try (SSLSocket socket =
        (SSLSocket)
            TestTls.trustingPem(certificate())
                .getSocketFactory()
                .createSocket(InetAddress.getLoopbackAddress(), port)) {
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST "
                  + path
                  + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                  + TestJwtIssuer.token("inv-upload", "investor")
                  + "\r\nX-Request-Id: "
                  + requestId
                  + "\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: "
                  + DECLARED
                  + "\r\n\r\n--b\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
