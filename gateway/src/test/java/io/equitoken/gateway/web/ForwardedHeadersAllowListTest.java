package io.equitoken.gateway.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

/** The client address header: the gateway's own, on the token route only. */
class ForwardedHeadersAllowListTest {

  private static final String CLIENT = "198.51.100.4";
  private static final String SPOOFED = "203.0.113.66";

  @Test
  void shouldSetThePeersAddressOnTheTokenRouteReplacingTheClientsHeaderAndForwardedFor() {
    HttpHeaders forwarded = filter(0, "/auth/token");

    assertThat(forwarded.get(ForwardedHeadersAllowList.CLIENT_ADDRESS)).containsExactly(CLIENT);
    assertThat(forwarded.get("X-Forwarded-For")).isNull();
    assertThat(forwarded.getFirst("Content-Type")).isEqualTo("application/json");
  }

  @Test
  void shouldTakeTheAddressTheTrustedProxyRecordedBehindOne() {
    // X-Forwarded-For: <what the client wrote>, <what the trusted proxy saw>
    HttpHeaders forwarded = filter(1, "/auth/token");

    assertThat(forwarded.get(ForwardedHeadersAllowList.CLIENT_ADDRESS))
        .containsExactly("192.0.2.55");
  }

  @Test
  void shouldMatchTheTokenPathAsTheRouteDoes() {
    assertThat(filter(0, "/auth/token;x=1").get(ForwardedHeadersAllowList.CLIENT_ADDRESS))
        .containsExactly(CLIENT);
  }

  @Test
  void shouldSendNoClientAddressOnAnyOtherRoute() {
    for (String path :
        new String[] {
          "/developer/api-key", "/.well-known/jwks.json", "/listings", "/auth/token/x", "/auth"
        }) {
      assertThat(filter(0, path).get(ForwardedHeadersAllowList.CLIENT_ADDRESS)).as(path).isNull();
    }
  }

  private static HttpHeaders filter(int trustedProxyHops, String path) {
    MockServerWebExchange exchange =
        MockServerWebExchange.from(
            MockServerHttpRequest.post(path)
                .header(ForwardedHeadersAllowList.CLIENT_ADDRESS, SPOOFED)
                .header("X-Forwarded-For", SPOOFED + ", 192.0.2.55")
                .header("Content-Type", "application/json")
                .remoteAddress(new InetSocketAddress(CLIENT, 40000)));
    return new ForwardedHeadersAllowList(ClientAddresses.behind(trustedProxyHops))
        .filter(exchange.getRequest().getHeaders(), exchange);
  }
}
