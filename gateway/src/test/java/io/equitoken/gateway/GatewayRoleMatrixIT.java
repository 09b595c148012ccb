package io.equitoken.gateway;

import static io.equitoken.platform.web.Roles.COMPLIANCE_OFFICER;
import static io.equitoken.platform.web.Roles.FOUNDER;
import static io.equitoken.platform.web.Roles.INVESTOR;
import static io.equitoken.platform.web.Roles.OPERATOR;
import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.gateway.support.FakeUpstreams;
import io.equitoken.gateway.support.GatewayItSupport;
import io.equitoken.platform.web.Roles;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Every cell of the gateway's coarse role matrix (docs/services/gateway.md), allowed and denied:
 * each endpoint × each role, plus no token at all.
 */
class GatewayRoleMatrixIT extends GatewayItSupport {

  private static final Set<String> ANY_ROLE = Set.copyOf(Roles.ALL);
  private static final Set<String> ANONYMOUS = Set.of();

  static Stream<Arguments> cells() {
    return Stream.of(
        cell("POST", "/auth/token", ANONYMOUS),
        cell("GET", "/.well-known/jwks.json", ANONYMOUS),
        cell("GET", "/developer/api-key", ANY_ROLE),
        cell("POST", "/developer/api-key", ANY_ROLE),
        cell("DELETE", "/developer/api-key/key-1", ANY_ROLE),
        cell("GET", "/developer/api-keys", Set.of(OPERATOR)),
        cell("GET", "/listings", ANY_ROLE),
        cell("GET", "/listings/lst-1", ANY_ROLE),
        cell("POST", "/listings", Set.of(FOUNDER, OPERATOR)),
        cell("PUT", "/listings/lst-1", Set.of(FOUNDER, OPERATOR)),
        cell("PATCH", "/listings/lst-1", Set.of(FOUNDER, OPERATOR)),
        cell("DELETE", "/listings/lst-1", Set.of(FOUNDER, OPERATOR)),
        cell("GET", "/tokens/tok-1", ANY_ROLE),
        cell("GET", "/tokens/tok-1/compartment", ANY_ROLE),
        cell("PUT", "/tokens/tok-1", Set.of(FOUNDER, OPERATOR)),
        cell("GET", "/tokens/tok-1/price-history", ANY_ROLE),
        cell("POST", "/tokens/tok-1/transfers", Set.of(OPERATOR)),
        cell("GET", "/tokens/tok-1/rules", ANY_ROLE),
        cell("PUT", "/tokens/tok-1/rules", Set.of(OPERATOR)),
        cell("GET", "/tokens/tok-1/market", ANY_ROLE),
        cell("POST", "/tokens/tok-1/halt", Set.of(OPERATOR)),
        cell("POST", "/tokens/tok-1/resume", Set.of(OPERATOR)),
        cell("POST", "/tokens/tok-1/orders/cancel", Set.of(OPERATOR)),
        cell("GET", "/investors/inv-1/freeze", Set.of(OPERATOR)),
        cell("POST", "/investors/inv-1/freeze", Set.of(OPERATOR)),
        cell("POST", "/investors/inv-1/unfreeze", Set.of(OPERATOR)),
        cell("POST", "/investors/inv-1/orders/cancel", Set.of(OPERATOR)),
        cell("GET", "/operator/audit", Set.of(OPERATOR)),
        cell("GET", "/investor/portfolio", Set.of(INVESTOR, FOUNDER, OPERATOR)),
        cell("GET", "/investor/transactions", Set.of(INVESTOR, FOUNDER, OPERATOR)),
        cell("GET", "/investor/valuation-history", Set.of(INVESTOR, FOUNDER, OPERATOR)),
        cell("GET", "/portfolio/reconciliation", Set.of(OPERATOR)),
        cell("GET", "/liquidity/windows", ANY_ROLE),
        cell("POST", "/liquidity/windows", Set.of(OPERATOR)),
        cell("POST", "/trade", Set.of(INVESTOR, FOUNDER)),
        cell("POST", "/trade/check", Set.of(INVESTOR, FOUNDER)),
        cell("GET", "/trade", Set.of(INVESTOR, FOUNDER, OPERATOR)),
        cell("GET", "/trade/status/trd-1", Set.of(INVESTOR, FOUNDER, OPERATOR)),
        cell("DELETE", "/trade/trd-1", Set.of(INVESTOR, FOUNDER, OPERATOR)),
        cell("PUT", "/trade/trd-1", Set.of(OPERATOR)),
        cell("GET", "/cash/account", Set.of(INVESTOR, FOUNDER, OPERATOR)),
        cell("POST", "/cash/withdrawals", Set.of(INVESTOR, FOUNDER)),
        cell("POST", "/cash/deposits", Set.of(OPERATOR)),
        cell("POST", "/cash/withdrawals/wd-1/paid", Set.of(OPERATOR)),
        cell("POST", "/compliance/kyc", Set.of(INVESTOR)),
        cell("GET", "/compliance/kyc/sub-1", Set.of(INVESTOR, COMPLIANCE_OFFICER, OPERATOR)),
        cell("GET", "/compliance/status", Set.of(INVESTOR)),
        cell("GET", "/compliance/reviews", Set.of(COMPLIANCE_OFFICER, OPERATOR)),
        cell("POST", "/compliance/reviews/rev-1/decision", Set.of(COMPLIANCE_OFFICER, OPERATOR)),
        cell("GET", "/compliance/audit", Set.of(COMPLIANCE_OFFICER, OPERATOR)),
        cell("GET", "/webhooks/subscriptions", ANY_ROLE),
        cell("POST", "/webhooks/subscriptions", ANY_ROLE));
  }

  private static Arguments cell(String method, String path, Set<String> allowed) {
    return Arguments.of(method, path, allowed);
  }

  @ParameterizedTest(name = "{0} {1} allowed for {2}")
  @MethodSource("cells")
  void shouldAllowExactlyTheRolesOfTheMatrixAndRefuseTheOthers(
      String method, String path, Set<String> allowed) {
    for (String role : Roles.ALL) {
      // given a caller with only this role
      String requestId = newRequestId();

      // when
      WebTestClient.ResponseSpec response = call(method, path, requestId, tokenFor(role));

      // then
      if (allowed == ANONYMOUS || allowed.contains(role)) {
        expectReachedService(response, path, requestId, role);
      } else {
        response
            .expectStatus()
            .isForbidden()
            .expectHeader()
            .contentType(MediaType.APPLICATION_PROBLEM_JSON)
            .expectBody()
            .jsonPath("$.code")
            .isEqualTo("forbidden");
        assertThat(FakeUpstreams.received(requestId)).as(role + " must not get through").isNull();
      }
    }
  }

  @ParameterizedTest(name = "{0} {1} without token")
  @MethodSource("cells")
  void shouldRequireTokenExceptOnAnonymousEndpoints(
      String method, String path, Set<String> allowed) {
    // given
    String requestId = newRequestId();

    // when
    WebTestClient.ResponseSpec response = call(method, path, requestId, null);

    // then
    if (allowed == ANONYMOUS) {
      expectReachedService(response, path, requestId, "anonymous");
    } else {
      response.expectStatus().isUnauthorized();
      assertThat(FakeUpstreams.received(requestId)).isNull();
    }
  }

  private WebTestClient.ResponseSpec call(
      String method, String path, String requestId, String token) {
    WebTestClient.RequestBodySpec request =
        client.method(HttpMethod.valueOf(method)).uri(path).header("X-Request-Id", requestId);
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    if (List.of("POST", "PUT", "PATCH").contains(method)) {
      request.contentType(MediaType.APPLICATION_JSON).bodyValue("{}");
    }
    return request.exchange();
  }

  /** Reached the owning service: the fake saw it, or (webhook-service, not running) the 503. */
  private static void expectReachedService(
      WebTestClient.ResponseSpec response, String path, String requestId, String who) {
    if (path.startsWith("/webhooks/")) {
      response
          .expectStatus()
          .isEqualTo(503)
          .expectBody()
          .jsonPath("$.service")
          .isEqualTo("webhook-service");
      return;
    }
    response.expectStatus().isOk();
    assertThat(FakeUpstreams.received(requestId)).as(who + " should get through").isNotNull();
  }
}
