package io.equitoken.platform.web.tracing;

import io.micrometer.context.ContextRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Request tracing for every service and the gateway (docs/observability.md): one span per request
 * from the caller's {@code traceparent} ({@link RequestTracingWebFilter}), the span and request id
 * carried by Reactor context propagation (registered here) into the log MDC. {@code
 * equitoken.tracing.enabled=false} turns the filter off; {@code
 * equitoken.tracing.forward-traceparent=true} (the gateway) rewrites the proxied request's header.
 */
@AutoConfiguration(
    afterName = {
      "org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration",
      "org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure"
          + ".OpenTelemetryTracingAutoConfiguration",
      "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration"
    })
@ConditionalOnProperty(
    name = "equitoken.tracing.enabled",
    havingValue = "true",
    matchIfMissing = true)
public class TracingAutoConfiguration {

  static {
    ContextRegistry.getInstance().registerThreadLocalAccessor(new RequestIdAccessor());
  }

  @Bean
  @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
  @ConditionalOnBean({Tracer.class, Propagator.class})
  RequestTracingWebFilter requestTracingWebFilter(
      Tracer tracer, Propagator propagator, Environment environment) {
    // the span's accessor: Reactor context -> current span on the thread (and the MDC's trace id)
    ContextRegistry.getInstance().registerThreadLocalAccessor(new SpanAccessor(tracer));
    return new RequestTracingWebFilter(
        tracer,
        propagator,
        environment.getProperty("equitoken.tracing.forward-traceparent", Boolean.class, false));
  }
}
