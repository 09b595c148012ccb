package io.equitoken.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.gateway.support.GatewayItSupport;
import io.equitoken.platform.test.KeepAliveConnection;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Reactor Netty keep-alive hang (reactor-netty #4188/#4361) at the edge: a client keeps one HTTPS
 * keep-alive connection and mixes requests the gateway refuses itself (401, body never read) with
 * requests it proxies (answered asynchronously, after the service's answer). Every answer must
 * arrive within the read timeout; on Reactor Netty 1.3.6 the request after a refusal that followed
 * a proxied answer could stay unread for good.
 */
class GatewayKeepAliveIT extends GatewayItSupport {

  static final int ROUNDS = 60;
  static final Duration READ_TIMEOUT = Duration.ofSeconds(10);
  static final String BODY = "{\"name\":\"Acme\"}";
  static final String JSON = "Content-Type: application/json";
  static final String PROXIED = "/.well-known/jwks.json";

  private SSLContext tls;

  @BeforeEach
  void trustTheGatewayCertificate() throws IOException, GeneralSecurityException {
    KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
    trusted.load(null, null);
    try (InputStream pem = Files.newInputStream(certificate())) {
      trusted.setCertificateEntry(
          "gateway", CertificateFactory.getInstance("X.509").generateCertificate(pem));
    }
    TrustManagerFactory trust =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trust.init(trusted);
    tls = SSLContext.getInstance("TLS");
    tls.init(null, trust.getTrustManagers(), null);
    // first calls of the JVM (JWKS, TLS, class loading) may be slow on a loaded machine
    try (KeepAliveConnection connection = connect(Duration.ofSeconds(60))) {
      assertThat(connection.exchange("GET", PROXIED, null).status()).isEqualTo(200);
      assertThat(connection.exchange("POST", "/listings", BODY, JSON).status()).isEqualTo(401);
    }
  }

  private KeepAliveConnection connect(Duration readTimeout) throws IOException {
    SSLSocket socket = (SSLSocket) tls.getSocketFactory().createSocket("localhost", port);
    socket.startHandshake();
    return new KeepAliveConnection(socket, "localhost:" + port, readTimeout);
  }

  @Test
  void shouldAnswerEveryRequestAfterRefusalsBetweenProxiedCallsOnOneConnection()
      throws IOException {
    try (KeepAliveConnection connection = connect(READ_TIMEOUT)) {
      for (int i = 0; i < ROUNDS; i++) {
        assertThat(connection.exchange("GET", PROXIED, null).status()).isEqualTo(200);
        assertThat(connection.exchange("POST", "/listings", BODY, JSON).status()).isEqualTo(401);
        assertThat(connection.exchange("GET", PROXIED, null).status()).isEqualTo(200);
        assertThat(connection.exchange("GET", "/listings/" + i, null).status()).isEqualTo(401);
      }
      assertThat(connection.exchange("GET", PROXIED, null).status()).isEqualTo(200);
    }
  }

  @Test
  void shouldAnswerTheRequestAfterARefusalQueuedBehindAProxiedCall() throws IOException {
    try (KeepAliveConnection connection = connect(READ_TIMEOUT)) {
      for (int i = 0; i < ROUNDS; i++) {
        connection.send("GET", PROXIED, null);
        connection.send("GET", "/listings/" + i, null);
        assertThat(connection.read("proxied GET").status()).isEqualTo(200);
        assertThat(connection.read("refused GET behind it").status()).isEqualTo(401);
        assertThat(connection.exchange("GET", PROXIED, null).status()).isEqualTo(200);
      }
    }
  }
}
