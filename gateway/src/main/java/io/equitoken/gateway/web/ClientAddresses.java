package io.equitoken.gateway.web;

import java.net.InetSocketAddress;
import org.springframework.cloud.gateway.support.ipresolver.RemoteAddressResolver;
import org.springframework.cloud.gateway.support.ipresolver.XForwardedRemoteAddressResolver;
import org.springframework.web.server.ServerWebExchange;

/**
 * The one way the gateway tells a client's address: the TCP peer, or — behind {@code
 * trustedProxyHops} trusted proxies (e.g. a Kubernetes ingress) — the address the outermost of them
 * recorded in {@code X-Forwarded-For}; never what the client itself wrote there. The anonymous rate
 * limit counts per this address, and {@code POST /auth/token} forwards it to identity-service
 * ({@link ForwardedHeadersAllowList#CLIENT_ADDRESS}).
 */
public final class ClientAddresses {

  private final RemoteAddressResolver resolver;

  private ClientAddresses(RemoteAddressResolver resolver) {
    this.resolver = resolver;
  }

  public static ClientAddresses behind(int trustedProxyHops) {
    return new ClientAddresses(
        trustedProxyHops > 0
            ? XForwardedRemoteAddressResolver.maxTrustedIndex(trustedProxyHops)
            : new RemoteAddressResolver() {});
  }

  /** The client's IP address as text, or null when the exchange has none. */
  public String of(ServerWebExchange exchange) {
    InetSocketAddress address = resolver.resolve(exchange);
    if (address == null) {
      return null;
    }
    return address.getAddress() != null
        ? address.getAddress().getHostAddress()
        : address.getHostString();
  }
}
