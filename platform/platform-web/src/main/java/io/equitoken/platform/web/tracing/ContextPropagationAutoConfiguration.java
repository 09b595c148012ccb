package io.equitoken.platform.web.tracing;

import io.micrometer.context.ContextRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.web.server.ServerWebExchange;

/**
 * Keeps Reactor's automatic context propagation ({@code spring.reactor.context-propagation: auto},
 * docs/observability.md) to the thread locals something on this platform reads: the span, the
 * observation and the request id (the log MDC). Spring Security registers three more accessors (its
 * {@code SecurityContext} in a thread local, blocking and reactive, and the {@code
 * ServerWebExchange}) by {@code ServiceLoader}; they were restored at every operator hop of every
 * request and consumed record — about 5–7 % of the samples of webhook-service's and
 * trading-service's hot paths (docs/benchmarks.md) — while the platform reads the caller and the
 * exchange only from the Reactor context ({@code ReactiveSecurityContextHolder}, platform-web's
 * {@code Caller}, the exchange passed to every filter and handler), which this does not touch.
 * Blocking code that needs {@code SecurityContextHolder} or the exchange on a Reactor thread would
 * have to capture it explicitly; none does.
 */
@AutoConfiguration
public class ContextPropagationAutoConfiguration {

  /** The keys Spring Security's thread-local accessors register under. */
  static final Object[] SECURITY_CONTEXT_KEYS = {
    SecurityContext.class, SecurityContext.class.getName(), ServerWebExchange.class
  };

  static {
    for (Object key : SECURITY_CONTEXT_KEYS) {
      ContextRegistry.getInstance().removeThreadLocalAccessor(key);
    }
  }
}
