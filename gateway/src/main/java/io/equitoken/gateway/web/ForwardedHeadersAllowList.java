package io.equitoken.gateway.web;

import io.equitoken.gateway.routing.RouteTable;
import java.util.Locale;
import java.util.Set;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * Only these request headers reach a service (an allow-list: a deny-list of identity-looking names
 * always misses one — {@code X-Investor-Id}, {@code X-Uid}, {@code X-HTTP-Method-Override}, …).
 * Runs last among the gateway's header filters, so headers the gateway itself would add (e.g.
 * {@code X-Forwarded-*}) are dropped too; services learn the caller only from the JWT.
 *
 * <p>One header is the gateway's own: on {@link RouteTable#TOKEN_PATH} only, {@value
 * #CLIENT_ADDRESS} carries the client's address ({@link ClientAddresses}) to identity-service,
 * which counts failed secrets per address. A client's own copy of it never passes, on any route.
 */
public final class ForwardedHeadersAllowList implements HttpHeadersFilter, Ordered {

  /** The client's address, set by the gateway on the token route only. */
  public static final String CLIENT_ADDRESS = "Equitoken-Client-Address";

  /** Matched as the route's predicate matches it. */
  private static final PathPattern TOKEN_PATH =
      PathPatternParser.defaultInstance.parse(RouteTable.TOKEN_PATH);

  private final ClientAddresses clientAddresses;

  public ForwardedHeadersAllowList(ClientAddresses clientAddresses) {
    this.clientAddresses = clientAddresses;
  }

  public static final Set<String> ALLOWED =
      Set.of(
          "accept",
          "accept-encoding",
          "accept-language",
          "authorization",
          "cache-control",
          "content-encoding",
          "content-language",
          "content-length",
          "content-type",
          "idempotency-key",
          "if-match",
          "if-modified-since",
          "if-none-match",
          "if-unmodified-since",
          "transfer-encoding",
          "user-agent",
          "x-request-id",
          "traceparent",
          "tracestate",
          "baggage");

  public static boolean isForwarded(String name) {
    return ALLOWED.contains(name.toLowerCase(Locale.ROOT));
  }

  @Override
  public HttpHeaders filter(HttpHeaders input, ServerWebExchange exchange) {
    HttpHeaders kept = new HttpHeaders();
    input.forEach(
        (name, values) -> {
          if (isForwarded(name)) {
            kept.addAll(name, values);
          }
        });
    if (TOKEN_PATH.matches(exchange.getRequest().getPath().pathWithinApplication())) {
      String address = clientAddresses.of(exchange);
      if (address != null) {
        kept.set(CLIENT_ADDRESS, address);
      }
    }
    return kept;
  }

  @Override
  public boolean supports(Type type) {
    return type == Type.REQUEST;
  }

  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }
}
