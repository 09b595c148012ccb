package io.equitoken.gateway.config;

import io.micrometer.context.ContextRegistry;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import org.springframework.context.annotation.Configuration;

/**
 * The gateway opens no observation: none per exchange, none in Spring Security, none around a
 * proxied call (application.yaml), and it has no Kafka listener. Micrometer's observation accessor
 * would still be consulted and its thread local cleared at every Reactor operator hop of every
 * request (automatic context propagation, platform-web). It is removed here, in the gateway only;
 * the span and the request id (the log MDC) are still carried, by platform-web's own accessors.
 */
@Configuration(proxyBeanMethods = false)
class GatewayContextPropagation {

  static {
    ContextRegistry.getInstance().removeThreadLocalAccessor(ObservationThreadLocalAccessor.KEY);
  }
}
