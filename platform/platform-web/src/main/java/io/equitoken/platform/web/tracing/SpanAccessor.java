package io.equitoken.platform.web.tracing;

import io.micrometer.context.ThreadLocalAccessor;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.contextpropagation.ObservationAwareSpanThreadLocalAccessor;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Puts the span found in the Reactor context on the thread that runs an operator (the tracer's
 * current span, hence the MDC's {@code traceId}/{@code spanId}) and takes it off again afterwards.
 *
 * <p>Registered under Micrometer's key ({@link ObservationAwareSpanThreadLocalAccessor#KEY}), so
 * that whatever reads a span from the Reactor context finds it, but simpler than Micrometer's
 * accessor: each {@code setValue} (also the clearing one) opens a scope on a per-thread stack and
 * the matching {@code restore} closes the newest one — context-propagation pairs them LIFO.
 * Micrometer's accessor also checks that the span current after closing is the one captured before,
 * which does not hold when Reactor Netty interleaves a connection's callbacks with the request's
 * (it then fails with an {@code AssertionError} under {@code -ea}, as seen in the gateway's ITs).
 *
 * <p>Automatic context propagation restores the Reactor context's span at every operator hop, and
 * nearly every hop of a request finds its span already on the thread (an outer hop put it there):
 * such a hop opens no scope (which would republish the span to the MDC and close it again) but
 * pushes a scope that closes nothing, so that the pairing stays LIFO.
 */
final class SpanAccessor implements ThreadLocalAccessor<Span> {

  private static final Tracer.SpanInScope NOTHING = () -> {};

  private final Tracer tracer;
  private final ThreadLocal<Deque<Tracer.SpanInScope>> scopes =
      ThreadLocal.withInitial(ArrayDeque::new);

  SpanAccessor(Tracer tracer) {
    this.tracer = tracer;
  }

  @Override
  public Object key() {
    return ObservationAwareSpanThreadLocalAccessor.KEY;
  }

  @Override
  public Span getValue() {
    return tracer.currentSpan();
  }

  @Override
  public void setValue(Span value) {
    scopes.get().push(value.equals(tracer.currentSpan()) ? NOTHING : tracer.withSpan(value));
  }

  /**
   * No span in the Reactor context: none on the thread either, until the matching restore. Nothing
   * to do (and no all-zero ids in the MDC) when the thread has no span anyway, the common case.
   */
  @Override
  public void setValue() {
    scopes.get().push(tracer.currentSpan() == null ? NOTHING : tracer.withSpan(null));
  }

  @Override
  public void restore(Span previousValue) {
    closeNewest();
  }

  @Override
  public void restore() {
    closeNewest();
  }

  private void closeNewest() {
    Tracer.SpanInScope scope = scopes.get().poll();
    if (scope != null) {
      scope.close();
    }
  }
}
