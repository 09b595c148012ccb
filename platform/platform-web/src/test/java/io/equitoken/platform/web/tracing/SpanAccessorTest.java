package io.equitoken.platform.web.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

class SpanAccessorTest {

  private final SdkTracerProvider provider = SdkTracerProvider.builder().build();
  private final Tracer tracer =
      spy(new OtelTracer(provider.get("test"), new OtelCurrentTraceContext(), event -> {}));
  private final SpanAccessor spans = new SpanAccessor(tracer);

  @AfterEach
  void close() {
    provider.close();
  }

  @Test
  void aHopWhoseSpanIsAlreadyCurrentOpensNoScope() {
    Span request = tracer.nextSpan().name("request").start();

    spans.setValue(request); // the request's first hop
    spans.setValue(request); // a hop inside it
    spans.setValue(request);

    verify(tracer, times(1)).withSpan(any());
    assertThat(tracer.currentSpan()).isEqualTo(request);
    spans.restore(request);
    spans.restore(request);
    assertThat(tracer.currentSpan()).isEqualTo(request);
    spans.restore();
    assertThat(tracer.currentSpan()).isNull();
  }

  @Test
  void anotherSpanInsideIsPutOnTheThreadAndTakenOffAgain() {
    Span request = tracer.nextSpan().name("request").start();
    Span record = tracer.nextSpan().name("record").start();

    spans.setValue(request);
    spans.setValue(record);
    assertThat(tracer.currentSpan()).isEqualTo(record);
    spans.setValue(); // a hop without a span in its context
    assertThat(tracer.currentSpan()).isNull();

    spans.restore(record);
    assertThat(tracer.currentSpan()).isEqualTo(record);
    spans.restore(request);
    assertThat(tracer.currentSpan()).isEqualTo(request);
    spans.restore();
    assertThat(tracer.currentSpan()).isNull();
    verify(tracer, times(3)).withSpan(any());
  }

  @Test
  void theRequestIdInTheMdcFollowsTheHops() {
    RequestIdAccessor ids = new RequestIdAccessor();
    try {
      ids.setValue("req-1");
      ids.setValue("req-1");
      assertThat(MDC.get(RequestIdAccessor.MDC_KEY)).isEqualTo("req-1");
      ids.setValue("req-2");
      assertThat(MDC.get(RequestIdAccessor.MDC_KEY)).isEqualTo("req-2");
      ids.restore("req-1");
      assertThat(MDC.get(RequestIdAccessor.MDC_KEY)).isEqualTo("req-1");
      ids.setValue();
      assertThat(MDC.get(RequestIdAccessor.MDC_KEY)).isNull();
      ids.setValue();
      assertThat(MDC.get(RequestIdAccessor.MDC_KEY)).isNull();
    } finally {
      MDC.remove(RequestIdAccessor.MDC_KEY);
    }
  }
}
