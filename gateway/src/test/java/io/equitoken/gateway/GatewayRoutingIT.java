package io.equitoken.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.gateway.routing.Upstream;
import io.equitoken.gateway.support.FakeUpstreams;
import io.equitoken.gateway.support.FakeUpstreams.Received;
import io.equitoken.gateway.support.GatewayItSupport;
import io.equitoken.gateway.web.ForwardedHeadersAllowList;
import java.net.InetAddress;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

/** Every public path reaches its owning service, with the right headers and nothing else. */
class GatewayRoutingIT extends GatewayItSupport {

  /** What a client claims to be its address (TEST-NET-3); the test client is on loopback. */
  private static final String SPOOFED_ADDRESS = "203.0.113.66";

  private static final String[] CLIENT_IDENTITY_HEADERS = {
    "X-Principal-Id",
    "X-User-Id",
    "X-Roles",
    "X-Forwarded-User",
    "X-Authenticated-Userid",
    // these passed the old deny-list
    "X-Investor-Id",
    "X-Sub",
    "X-Subject",
    "X-Uid",
    "X-Userid",
    "x_user_id",
    "X-Api-Key",
    "X-Caller",
    "X-Operator",
    "X-Email",
    "X-Groups",
    "X-Scopes",
    "X-Tenant-Id",
    "X-Real-IP",
    "X-Original-URL",
    "X-Rewrite-URL",
    "X-HTTP-Method-Override"
  };

  static Stream<Arguments> specPaths() {
    return Stream.of(
        route("POST", "/auth/token", null, Upstream.IDENTITY),
        route("GET", "/.well-known/jwks.json", null, Upstream.IDENTITY),
        route("POST", "/developer/api-key", "investor", Upstream.IDENTITY),
        route("DELETE", "/developer/api-key/key-123", "partner", Upstream.IDENTITY),
        route("GET", "/listings", "investor", Upstream.LISTINGS),
        route(
            "GET", "/listings?sector=fintech&stage=seed&country=DE", "partner", Upstream.LISTINGS),
        route("GET", "/listings/lst-42", "investor", Upstream.LISTINGS),
        route("GET", "/tokens/tok-7", "investor", Upstream.LISTINGS),
        route("GET", "/tokens/tok-7/compartment", "partner", Upstream.LISTINGS),
        route("GET", "/investor/portfolio", "investor", Upstream.PORTFOLIO),
        route("GET", "/investor/transactions", "investor", Upstream.PORTFOLIO),
        route("GET", "/investor/valuation-history", "investor", Upstream.PORTFOLIO),
        route("GET", "/portfolio/reconciliation", "operator", Upstream.PORTFOLIO),
        route("GET", "/tokens/tok-7/price-history", "investor", Upstream.TRADING),
        route("POST", "/tokens/tok-7/transfers", "operator", Upstream.TRADING),
        route("GET", "/tokens/tok-7/rules", "investor", Upstream.TRADING),
        route("PUT", "/tokens/tok-7/rules", "operator", Upstream.TRADING),
        route("GET", "/tokens/tok-7/market", "investor", Upstream.TRADING),
        route("POST", "/tokens/tok-7/halt", "operator", Upstream.TRADING),
        route("POST", "/tokens/tok-7/resume", "operator", Upstream.TRADING),
        route("POST", "/tokens/tok-7/orders/cancel", "operator", Upstream.TRADING),
        route("POST", "/investors/inv-7/freeze", "operator", Upstream.TRADING),
        route("POST", "/investors/inv-7/orders/cancel", "operator", Upstream.TRADING),
        route("GET", "/operator/audit", "operator", Upstream.TRADING),
        route("POST", "/trade/check", "investor", Upstream.TRADING),
        route("GET", "/liquidity/windows", "investor", Upstream.TRADING),
        route("POST", "/trade", "investor", Upstream.TRADING),
        route("GET", "/trade/status/trd-9", "investor", Upstream.TRADING),
        route("POST", "/trade", "founder", Upstream.TRADING),
        route("GET", "/trade?status=open", "investor", Upstream.TRADING),
        route("DELETE", "/trade/trd-9", "investor", Upstream.TRADING),
        route("GET", "/cash/account", "investor", Upstream.TRADING),
        route("POST", "/cash/deposits", "operator", Upstream.TRADING),
        route("POST", "/compliance/kyc", "investor", Upstream.COMPLIANCE),
        route("GET", "/compliance/status", "investor", Upstream.COMPLIANCE),
        route("GET", "/compliance/reviews/rev-1", "compliance_officer", Upstream.COMPLIANCE));
  }

  private static Arguments route(String method, String path, String role, Upstream expected) {
    return Arguments.of(method, path, role, expected);
  }

  @ParameterizedTest(name = "{0} {1} reaches {3}")
  @MethodSource("specPaths")
  void shouldRouteEverySpecPathToItsServiceWithTokenAndRequestIdButNoClientIdentityHeaders(
      String method, String path, String role, Upstream expected) throws Exception {
    // given
    String requestId = newRequestId();
    String token = role == null ? null : tokenFor(role);
    String body = "{\"tokenId\":\"tok-7\",\"type\":\"buy\",\"quantity\":10,\"maxPrice\":12.50}";

    // when
    WebTestClient.RequestBodySpec request =
        client
            .method(HttpMethod.valueOf(method))
            .uri(path)
            .header("X-Request-Id", requestId)
            .header("X-Custom-Header", "dropped")
            .header(ForwardedHeadersAllowList.CLIENT_ADDRESS, SPOOFED_ADDRESS)
            .header("X-Forwarded-For", SPOOFED_ADDRESS)
            .header("Forwarded", "for=" + SPOOFED_ADDRESS);
    for (String identityHeader : CLIENT_IDENTITY_HEADERS) {
      request.header(identityHeader, "forged-admin");
    }
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    if (method.equals("POST")) {
      request.contentType(MediaType.APPLICATION_JSON).bodyValue(body);
    }
    EntityExchangeResult<String> result =
        request.exchange().expectStatus().isOk().expectBody(String.class).returnResult();

    // then
    assertThat(result.getResponseHeaders().getFirst("X-Served-By")).isEqualTo(expected.module());
    assertThat(result.getResponseHeaders().getFirst("X-Request-Id")).isEqualTo(requestId);
    Received received = FakeUpstreams.received(requestId);
    assertThat(received).as("request reached a service").isNotNull();
    assertThat(received.upstream()).isEqualTo(expected);
    assertThat(received.method()).isEqualTo(method);
    assertThat(received.pathAndQuery()).isEqualTo(path);
    assertThat(received.header("Authorization"))
        .isEqualTo(token == null ? null : "Bearer " + token);
    // an allow-list: a header the gateway does not know is not passed on
    assertThat(received.header("X-Custom-Header")).isNull();
    for (String identityHeader : CLIENT_IDENTITY_HEADERS) {
      assertThat(received.header(identityHeader)).as(identityHeader).isNull();
    }
    // the client address only on the token route, and then the gateway's, never the client's
    String clientAddress = received.header(ForwardedHeadersAllowList.CLIENT_ADDRESS);
    if (path.equals("/auth/token")) {
      assertThat(clientAddress).isNotNull().isNotEqualTo(SPOOFED_ADDRESS);
      assertThat(InetAddress.getByName(clientAddress).isLoopbackAddress()).isTrue();
    } else {
      assertThat(clientAddress).isNull();
    }
    assertThat(received.header("X-Forwarded-For")).isNull();
    assertThat(received.header("Forwarded")).isNull();
    if (method.equals("POST")) {
      assertThat(received.body()).isEqualTo(body);
    }
  }

  @Test
  void shouldRouteWebhookPathsToWebhookServiceEvenBeforeItExists() {
    // given webhook-service is not running

    // when
    get("/webhooks/subscriptions", "partner")
        // then
        .expectStatus()
        .isEqualTo(503)
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("service-unavailable")
        .jsonPath("$.service")
        .isEqualTo("webhook-service");
  }

  @Test
  void shouldGenerateRequestIdWhenClientSendsNone() {
    // given no X-Request-Id
    // when
    EntityExchangeResult<byte[]> result =
        get("/listings", "investor").expectStatus().isOk().expectBody().returnResult();

    // then
    String generated = result.getResponseHeaders().getFirst("X-Request-Id");
    assertThat(generated).matches("[0-9a-f-]{36}");
    assertThat(FakeUpstreams.received(generated)).isNotNull();
  }

  @Test
  void shouldReplaceRequestIdThatIsNotAcceptable() {
    // given an id too short to be one of ours (and a possible log-injection vehicle)
    String unacceptable = "x y";

    // when
    EntityExchangeResult<byte[]> result =
        client
            .get()
            .uri("/listings")
            .header("Authorization", "Bearer " + tokenFor("investor"))
            .header("X-Request-Id", unacceptable)
            .exchange()
            .expectStatus()
            .isOk()
            .expectBody()
            .returnResult();

    // then
    String used = result.getResponseHeaders().getFirst("X-Request-Id");
    assertThat(used).isNotEqualTo(unacceptable).matches("[0-9a-f-]{36}");
    assertThat(FakeUpstreams.received(used).header("X-Request-Id")).isEqualTo(used);
  }

  @Test
  void shouldPassServiceErrorBodiesThroughUnchanged() {
    String token = tokenFor("investor");

    client
        .get()
        .uri("/listings/upstream-404")
        .header("Authorization", "Bearer " + token)
        .exchange()
        .expectStatus()
        .isNotFound()
        .expectBody(String.class)
        .isEqualTo(FakeUpstreams.UPSTREAM_404_BODY);

    client
        .get()
        .uri("/listings/upstream-500")
        .header("Authorization", "Bearer " + token)
        .exchange()
        .expectStatus()
        .isEqualTo(500)
        .expectBody(String.class)
        .isEqualTo(FakeUpstreams.UPSTREAM_500_BODY);
  }

  @Test
  void shouldAnswer404ProblemForPathNoServiceOwns() {
    // given
    String requestId = newRequestId();

    // when
    client
        .get()
        .uri("/no-such-thing/here")
        .header("Authorization", "Bearer " + tokenFor("investor"))
        .header("X-Request-Id", requestId)
        .exchange()
        // then
        .expectStatus()
        .isNotFound()
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectHeader()
        .valueEquals("X-Request-Id", requestId)
        .expectBody()
        .jsonPath("$.status")
        .isEqualTo(404)
        .jsonPath("$.code")
        .isEqualTo("not-found")
        .jsonPath("$.instance")
        .isEqualTo("/no-such-thing/here")
        .jsonPath("$.requestId")
        .isEqualTo(requestId);
    assertThat(FakeUpstreams.received(requestId)).isNull();
  }

  @Test
  void shouldSendHstsOnSuccessErrorAndFallbackResponses() {
    String token = tokenFor("investor");
    String hsts = "max-age=63072000; includeSubDomains";

    client
        .get()
        .uri("/listings")
        .header("Authorization", "Bearer " + token)
        .exchange()
        .expectStatus()
        .isOk()
        .expectHeader()
        .valueEquals("Strict-Transport-Security", hsts);
    client
        .get()
        .uri("/listings")
        .exchange()
        .expectStatus()
        .isUnauthorized()
        .expectHeader()
        .valueEquals("Strict-Transport-Security", hsts);
    client
        .get()
        .uri("/nowhere")
        .header("Authorization", "Bearer " + token)
        .exchange()
        .expectStatus()
        .isNotFound()
        .expectHeader()
        .valueEquals("Strict-Transport-Security", hsts);
    client
        .get()
        .uri("/webhooks/x")
        .header("Authorization", "Bearer " + token)
        .exchange()
        .expectStatus()
        .isEqualTo(503)
        .expectHeader()
        .valueEquals("Strict-Transport-Security", hsts);
    client
        .get()
        .uri("/actuator/health")
        .exchange()
        .expectStatus()
        .isOk()
        .expectHeader()
        .valueEquals("Strict-Transport-Security", hsts);
  }
}
