package io.equitoken.platform.web.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;

/**
 * Request meters for every service and the gateway ({@link HttpServerMetricsWebFilter},
 * docs/observability.md). {@code equitoken.metrics.http-server-requests=false} turns them off; a
 * {@link RequestUriTag} bean replaces the handler-pattern {@code uri} tag (the gateway names its
 * route).
 */
@AutoConfiguration(
    afterName = {
      "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
      "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
      "org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus"
          + ".PrometheusMetricsExportAutoConfiguration",
      "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple"
          + ".SimpleMetricsExportAutoConfiguration"
    })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnProperty(
    name = "equitoken.metrics.http-server-requests",
    havingValue = "true",
    matchIfMissing = true)
public class HttpServerMetricsAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  RequestUriTag requestUriTag() {
    return new HandlerPatternUriTag();
  }

  @Bean
  @ConditionalOnBean(MeterRegistry.class)
  HttpServerMetricsWebFilter httpServerMetricsWebFilter(
      MeterRegistry registry, RequestUriTag uriTag) {
    return new HttpServerMetricsWebFilter(registry, uriTag);
  }
}
