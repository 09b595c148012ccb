package io.equitoken.platform.web.tracing;

import io.micrometer.context.ThreadLocalAccessor;
import org.slf4j.MDC;

/**
 * Carries the request id ({@code X-Request-Id}) from the Reactor context into the log MDC as {@code
 * requestId} wherever the request's work runs (automatic context propagation), so that every log
 * line of a request — plain or JSON — names it.
 */
public final class RequestIdAccessor implements ThreadLocalAccessor<String> {

  /** Reactor context key. */
  public static final String KEY = "equitoken.requestId";

  /** MDC key (and JSON log member). */
  public static final String MDC_KEY = "requestId";

  @Override
  public Object key() {
    return KEY;
  }

  @Override
  public String getValue() {
    return MDC.get(MDC_KEY);
  }

  @Override
  public void setValue(String value) {
    MDC.put(MDC_KEY, value);
  }

  @Override
  public void setValue() {
    MDC.remove(MDC_KEY);
  }
}
