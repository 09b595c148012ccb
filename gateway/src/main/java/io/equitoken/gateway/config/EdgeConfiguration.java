package io.equitoken.gateway.config;

import io.equitoken.gateway.ratelimit.RateLimiter;
import io.equitoken.gateway.web.EdgeHeadersWebFilter;
import io.equitoken.gateway.web.ForwardedHeadersAllowList;
import io.equitoken.gateway.web.RateLimitWebFilter;
import io.equitoken.gateway.web.UploadLimitWebFilter;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.cloud.gateway.support.ipresolver.RemoteAddressResolver;
import org.springframework.cloud.gateway.support.ipresolver.XForwardedRemoteAddressResolver;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The web filters around the routes: edge headers first, rate limits after authentication. */
@Configuration(proxyBeanMethods = false)
class EdgeConfiguration {

  @Bean
  EdgeHeadersWebFilter edgeHeadersWebFilter() {
    return new EdgeHeadersWebFilter();
  }

  /**
   * The KYC upload cap of compliance-service (15 MiB of documents + 256 KiB for the multipart
   * framing, its defaults), enforced here first: {@code equitoken.gateway.kyc-upload-max-bytes}.
   */
  @Bean
  UploadLimitWebFilter uploadLimitWebFilter(
      @org.springframework.beans.factory.annotation.Value(
              "${equitoken.gateway.kyc-upload-max-bytes:15990784}")
          long kycUploadMaxBytes) {
    return new UploadLimitWebFilter(java.util.Map.of("/compliance/kyc", kycUploadMaxBytes));
  }

  /** Only allow-listed request headers reach a service. */
  @Bean
  ForwardedHeadersAllowList forwardedHeadersAllowList() {
    return new ForwardedHeadersAllowList();
  }

  @Bean
  @ConditionalOnProperty(
      name = "equitoken.gateway.rate-limit.enabled",
      havingValue = "true",
      matchIfMissing = true)
  RateLimitWebFilter rateLimitWebFilter(
      GatewaySettings settings,
      org.springframework.beans.factory.ObjectProvider<io.micrometer.core.instrument.MeterRegistry>
          meters) {
    GatewaySettings.RateLimits limits = settings.rateLimit();
    RateLimitWebFilter filter =
        new RateLimitWebFilter(
            new RateLimiter(limits.authenticated(), limits.maxTrackedKeys()),
            new RateLimiter(limits.anonymous(), limits.maxTrackedKeys()),
            clientAddresses(limits.trustedProxyHops()),
            new RateLimiter(limits.benchmark(), limits.maxTrackedKeys()),
            limits.benchmarkClients());
    meters.ifAvailable(filter::countRefusalsIn);
    return filter;
  }

  /**
   * The client address of anonymous calls: the TCP peer, or — behind that many trusted proxies
   * (e.g. a Kubernetes ingress) — the address they recorded in {@code X-Forwarded-For}.
   */
  private static RemoteAddressResolver clientAddresses(int trustedProxyHops) {
    return trustedProxyHops > 0
        ? XForwardedRemoteAddressResolver.maxTrustedIndex(trustedProxyHops)
        : new RemoteAddressResolver() {};
  }
}
