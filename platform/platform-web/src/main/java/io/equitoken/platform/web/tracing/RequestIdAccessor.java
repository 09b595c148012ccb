package io.equitoken.platform.web.tracing;

import io.micrometer.context.ThreadLocalAccessor;
import org.slf4j.MDC;

/**
 * Carries the request id ({@code X-Request-Id}) from the Reactor context into the log MDC as {@code
 * requestId} wherever the request's work runs (automatic context propagation), so that every log
 * line of a request — plain or JSON — names it.
 *
 * <p>Nearly every operator hop finds the id already in the MDC (an outer hop put it there); the MDC
 * is then left alone, since a write also discards the logging framework's copy of the map.
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
    if (!value.equals(MDC.get(MDC_KEY))) {
      MDC.put(MDC_KEY, value);
    }
  }

  @Override
  public void setValue() {
    if (MDC.get(MDC_KEY) != null) {
      MDC.remove(MDC_KEY);
    }
  }
}
