package io.equitoken.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.gateway.support.FakeUpstreams;
import io.equitoken.gateway.support.GatewayItSupport;
import org.junit.jupiter.api.Test;

/**
 * The gateway starts or continues the trace and forwards it: the service behind it receives a W3C
 * {@code traceparent} naming the gateway's span, in the client's trace when the client sent one —
 * without the gateway's per-request observations (GatewayRequestPathIT).
 */
class GatewayTracingIT extends GatewayItSupport {

  private static final String TRACE_ID = "5c1c63257de34c67b9a1a1c0e1e3a6f2";
  private static final String CLIENT_SPAN_ID = "e457b5a2e4d86bd1";

  @Test
  void theServiceContinuesTheClientsTraceUnderTheGatewaysSpan() {
    String forwarded = forwardedTraceparent("00-" + TRACE_ID + "-" + CLIENT_SPAN_ID + "-01");
    assertThat(forwarded).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01");
    assertThat(forwarded.split("-")[1]).as("trace id").isEqualTo(TRACE_ID);
    assertThat(forwarded.split("-")[2]).as("the gateway's span").isNotEqualTo(CLIENT_SPAN_ID);
  }

  @Test
  void aRequestWithoutTraceparentReachesTheServiceInANewTrace() {
    assertThat(forwardedTraceparent(null)).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]");
  }

  /** The {@code traceparent} the service received for a GET /listings sent with the given one. */
  private String forwardedTraceparent(String traceparent) {
    String requestId = newRequestId();
    client
        .get()
        .uri("/listings")
        .header("Authorization", "Bearer " + tokenFor("investor"))
        .header("X-Request-Id", requestId)
        .headers(
            h -> {
              if (traceparent != null) {
                h.set("traceparent", traceparent);
              }
            })
        .exchange()
        .expectStatus()
        .isOk();
    return FakeUpstreams.received(requestId).header("traceparent");
  }
}
