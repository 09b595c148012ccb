package io.equitoken.platform.events;

import io.micrometer.observation.Observation;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.contextpropagation.ObservationAwareSpanThreadLocalAccessor;
import io.micrometer.tracing.handler.TracingObservationHandler;
import io.micrometer.tracing.propagation.Propagator;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import reactor.util.context.ContextView;

/**
 * The W3C {@code traceparent} of the span current where an event is written, so that the outbox can
 * store it with the row and the relay put it on the Kafka record: the consumer then continues the
 * trace of the request (or record) that caused the event (docs/observability.md).
 *
 * <p>The span is looked up in the Reactor context first — platform-web's request filter puts it
 * there, a Kafka listener's observation is captured there by {@code block()} under automatic
 * context propagation — and then on the current thread.
 */
public final class TraceParents {

  /** The W3C Trace Context header, in HTTP and in Kafka record headers. */
  public static final String HEADER = CloudEvents.TRACEPARENT;

  /**
   * Reactor context key of the {@code traceparent} of a consumed record whose work runs outside its
   * span ({@link IdempotentConsumer#handleBatch}): events written by that work continue the
   * record's trace.
   */
  public static final String RECORD_KEY = "equitoken.events.record-traceparent";

  private static final TraceParents NONE = new TraceParents(() -> null, () -> null);

  private final Supplier<Tracer> tracer;
  private final Supplier<Propagator> propagator;

  /**
   * @param tracer the tracer, or a supplier of null where there is none (asked on each use until it
   *     answers one, so that the bean may come from a later auto-configuration)
   * @param propagator the propagator that writes {@code traceparent}
   */
  public TraceParents(Supplier<Tracer> tracer, Supplier<Propagator> propagator) {
    this.tracer = tracer;
    this.propagator = propagator;
  }

  /** Never a trace parent (tracing off). */
  public static TraceParents none() {
    return NONE;
  }

  /**
   * The {@code traceparent} to write: a consumed record's ({@link #RECORD_KEY}) where one is set,
   * else the current span's, or null when there is no (real) span.
   */
  public String current(ContextView context) {
    Tracer t = tracer.get();
    Propagator p = propagator.get();
    if (t == null || p == null) {
      return null;
    }
    if (context.getOrDefault(RECORD_KEY, null) instanceof String recorded) {
      return recorded;
    }
    Span span = spanIn(context);
    if (span == null) {
      span = t.currentSpan();
    }
    if (span == null) {
      return null;
    }
    // an unsampled span is not recording (isNoop() is true for it) but has real ids to propagate;
    // the no-op tracer's span injects nothing
    Map<String, String> carrier = new HashMap<>(4);
    p.inject(span.context(), carrier, Map::put);
    return carrier.get(HEADER);
  }

  private static Span spanIn(ContextView context) {
    Object span = context.getOrDefault(ObservationAwareSpanThreadLocalAccessor.KEY, null);
    if (span instanceof Span s) {
      return s;
    }
    Object observation = context.getOrDefault(ObservationThreadLocalAccessor.KEY, null);
    if (observation instanceof Observation o && !o.isNoop()) {
      TracingObservationHandler.TracingContext tracing =
          o.getContextView().get(TracingObservationHandler.TracingContext.class);
      if (tracing != null) {
        return tracing.getSpan();
      }
    }
    return null;
  }
}
