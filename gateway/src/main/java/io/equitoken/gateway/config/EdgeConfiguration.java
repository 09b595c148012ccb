package io.equitoken.gateway.config;

import io.equitoken.gateway.ratelimit.RateLimiter;
import io.equitoken.gateway.web.ClientAddresses;
import io.equitoken.gateway.web.DeprecationWebFilter;
import io.equitoken.gateway.web.EdgeHeadersWebFilter;
import io.equitoken.gateway.web.ForwardedHeadersAllowList;
import io.equitoken.gateway.web.RateLimitWebFilter;
import io.equitoken.gateway.web.UploadLimitWebFilter;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The web filters around the routes: edge headers first, rate limits after authentication. */
@Configuration(proxyBeanMethods = false)
class EdgeConfiguration {

  /** Deprecation and Sunset headers on the operations the served contract deprecates. */
  @Bean
  DeprecationWebFilter deprecationWebFilter() {
    return new DeprecationWebFilter();
  }

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

  /**
   * The client's address: the TCP peer, or — behind that many trusted proxies (e.g. a Kubernetes
   * ingress) — the address they recorded in {@code X-Forwarded-For}.
   */
  @Bean
  ClientAddresses clientAddresses(GatewaySettings settings) {
    return ClientAddresses.behind(settings.rateLimit().trustedProxyHops());
  }

  /** Only allow-listed request headers reach a service (and the client address identity's). */
  @Bean
  ForwardedHeadersAllowList forwardedHeadersAllowList(ClientAddresses clientAddresses) {
    return new ForwardedHeadersAllowList(clientAddresses);
  }

  @Bean
  @ConditionalOnProperty(
      name = "equitoken.gateway.rate-limit.enabled",
      havingValue = "true",
      matchIfMissing = true)
  RateLimitWebFilter rateLimitWebFilter(
      GatewaySettings settings,
      ClientAddresses clientAddresses,
      org.springframework.beans.factory.ObjectProvider<io.micrometer.core.instrument.MeterRegistry>
          meters) {
    GatewaySettings.RateLimits limits = settings.rateLimit();
    RateLimitWebFilter filter =
        new RateLimitWebFilter(
            new RateLimiter(limits.authenticated(), limits.maxTrackedKeys()),
            new RateLimiter(limits.anonymous(), limits.maxTrackedKeys()),
            clientAddresses,
            new RateLimiter(limits.benchmark(), limits.maxTrackedKeys()),
            limits.benchmarkClients());
    meters.ifAvailable(filter::countRefusalsIn);
    return filter;
  }
}
