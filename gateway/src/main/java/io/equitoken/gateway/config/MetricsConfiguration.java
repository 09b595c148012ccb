package io.equitoken.gateway.config;

import io.equitoken.gateway.web.RouteUriTag;
import io.equitoken.platform.web.metrics.RequestUriTag;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The gateway's request meters name the route, not a handler pattern (docs/observability.md). */
@Configuration(proxyBeanMethods = false)
class MetricsConfiguration {

  @Bean
  RequestUriTag routeUriTag() {
    return new RouteUriTag();
  }
}
