package io.equitoken.webhooks.http;

import io.equitoken.webhooks.endpoint.EndpointPolicy;
import io.equitoken.webhooks.endpoint.HostResolver;
import io.netty.resolver.AbstractAddressResolver;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * Netty's name resolution for webhook connections: resolves the host (off the event loop), checks
 * every address with the SSRF guard and hands Netty the one checked address, so the connection goes
 * exactly where the check said (no DNS rebinding between check and connect).
 */
final class PinnedResolverGroup extends AddressResolverGroup<InetSocketAddress> {

  private final HostResolver resolver;
  private final EndpointPolicy policy;
  private final boolean https;
  private final Executor blocking;

  PinnedResolverGroup(
      HostResolver resolver, EndpointPolicy policy, boolean https, Executor blocking) {
    this.resolver = resolver;
    this.policy = policy;
    this.https = https;
    this.blocking = blocking;
  }

  @Override
  protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
    return new AbstractAddressResolver<>(executor) {
      @Override
      protected boolean doIsResolved(InetSocketAddress address) {
        return !address.isUnresolved();
      }

      @Override
      protected void doResolve(InetSocketAddress unresolved, Promise<InetSocketAddress> promise) {
        blocking.execute(
            () -> {
              try {
                String host = unresolved.getHostString();
                InetAddress pinned = policy.pin(https, host, resolver.resolve(host));
                // carries the host name too, for TLS (SNI and certificate check)
                InetAddress named = InetAddress.getByAddress(host, pinned.getAddress());
                promise.trySuccess(new InetSocketAddress(named, unresolved.getPort()));
              } catch (Exception e) {
                promise.tryFailure(e);
              }
            });
      }

      @Override
      protected void doResolveAll(
          InetSocketAddress unresolved, Promise<List<InetSocketAddress>> promise) {
        Promise<InetSocketAddress> one = executor().newPromise();
        one.addListener(
            f -> {
              if (f.isSuccess()) {
                promise.trySuccess(List.of(one.getNow()));
              } else {
                promise.tryFailure(f.cause());
              }
            });
        doResolve(unresolved, one);
      }
    };
  }
}
