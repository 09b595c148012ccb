package io.equitoken.gateway.routing;

import java.util.List;

/**
 * Which service owns which public path: every public path of the API. Paths use Spring's {@code
 * PathPattern} syntax ({@code {id}} is one segment, a trailing {@code /**} is zero or more). A path
 * is routed even before its service exists; the circuit breaker then answers 503 for it.
 */
public final class RouteTable {

  /** One route: an owning service and the path patterns that reach it. */
  public record Route(Upstream upstream, List<String> pathPatterns) {
    public Route {
      pathPatterns = List.copyOf(pathPatterns);
    }

    /** Route id as the gateway and its circuit breaker name it. */
    public String id() {
      return upstream.module();
    }
  }

  /**
   * Where clients exchange an API key's secret for a token: the one path whose requests carry the
   * client's address to identity-service, which counts failed secrets per address.
   */
  public static final String TOKEN_PATH = "/auth/token";

  public static final List<Route> ROUTES =
      List.of(
          new Route(
              Upstream.IDENTITY, List.of(TOKEN_PATH, "/developer/**", "/.well-known/jwks.json")),
          new Route(
              Upstream.LISTINGS,
              List.of("/listings", "/listings/**", "/tokens/{id}", "/tokens/{id}/compartment")),
          new Route(Upstream.PORTFOLIO, List.of("/investor/**", "/portfolio/**")),
          new Route(
              Upstream.TRADING,
              List.of(
                  "/liquidity/**",
                  "/trade",
                  "/trade/**",
                  "/tokens/{id}/price-history",
                  "/tokens/{id}/transfers",
                  "/tokens/{id}/rules",
                  "/tokens/{id}/market",
                  "/tokens/{id}/halt",
                  "/tokens/{id}/resume",
                  "/tokens/{id}/orders/cancel",
                  "/investors/**",
                  "/operator/**",
                  "/cash/**")),
          new Route(Upstream.COMPLIANCE, List.of("/compliance/**")),
          new Route(Upstream.WEBHOOK, List.of("/webhooks/**")));

  private RouteTable() {}
}
