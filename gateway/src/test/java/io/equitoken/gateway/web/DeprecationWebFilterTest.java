package io.equitoken.gateway.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import reactor.core.publisher.Mono;

/** Deprecation and Sunset come from the contract's deprecated operations, and only for them. */
class DeprecationWebFilterTest {

  private static final Map<String, Object> CONTRACT =
      Map.of(
          "paths",
          Map.of(
              "/tokens/{tokenId}/price-history",
              Map.of(
                  "get",
                  Map.of(
                      "operationId", "old",
                      "deprecated", true,
                      "x-deprecated-at", "2026-12-01",
                      "x-sunset", "2027-06-01"),
                  "post",
                  Map.of("operationId", "current")),
              "/listings",
              Map.of("get", Map.of("operationId", "listListings"))));

  @Test
  void shouldAnnounceTheDeprecationAndSunsetOfADeprecatedOperation() {
    HttpHeaders headers = filter("GET", "/tokens/tok-1/price-history");

    assertThat(headers.getFirst("Deprecation")).isEqualTo("@1796083200");
    assertThat(headers.getFirst("Sunset")).isEqualTo("Tue, 01 Jun 2027 00:00:00 GMT");
    assertThat(headers.getFirst(HttpHeaders.LINK)).contains("rel=\"deprecation\"");
  }

  @Test
  void shouldLeaveEveryOtherOperationAlone() {
    assertThat(filter("POST", "/tokens/tok-1/price-history").containsHeader("Deprecation"))
        .isFalse();
    assertThat(filter("GET", "/listings").containsHeader("Sunset")).isFalse();
    assertThat(filter("GET", "/tokens/a/b/price-history").containsHeader("Sunset")).isFalse();
  }

  @Test
  void shouldRefuseADeprecationWithoutItsDates() {
    Map<String, Object> undated =
        Map.of("paths", Map.of("/x", Map.of("get", Map.of("deprecated", true))));

    assertThatThrownBy(() -> new DeprecationWebFilter(undated))
        .hasMessageContaining("x-deprecated-at");
  }

  @Test
  void shouldFindNothingDeprecatedInTheServedContractYet() {
    assertThat(new DeprecationWebFilter().deprecated()).isEmpty();
  }

  private static HttpHeaders filter(String method, String path) {
    MockServerWebExchange exchange =
        MockServerWebExchange.from(
            MockServerHttpRequest.method(
                org.springframework.http.HttpMethod.valueOf(method), path));
    new DeprecationWebFilter(CONTRACT).filter(exchange, e -> Mono.empty()).block();
    return exchange.getResponse().getHeaders();
  }
}
