package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HealthProbeTest {

  @Test
  void shouldBeUpOnlyWhenTheEndpointSaysUp() throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
    String[] body = {"{\"status\":\"DOWN\"}"};
    server.createContext(
        "/actuator/health",
        exchange -> {
          byte[] bytes = body[0].getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(body[0].contains("DOWN") ? 503 : 200, bytes.length);
          exchange.getResponseBody().write(bytes);
          exchange.close();
        });
    server.start();
    try {
      String url = "http://localhost:" + server.getAddress().getPort() + "/actuator/health";
      HealthProbe probe = new HealthProbe();

      assertThat(probe.isUp(url)).isFalse();
      body[0] = "{\"status\":\"UP\"}";
      assertThat(probe.isUp(url)).isTrue();
    } finally {
      server.stop(0);
    }
    assertThat(new HealthProbe().isUp("http://localhost:1/actuator/health")).isFalse();
  }
}
