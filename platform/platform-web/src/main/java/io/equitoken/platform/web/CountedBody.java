package io.equitoken.platform.web;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import reactor.core.publisher.Flux;

/**
 * A request body counted as it streams, for upload caps that must hold whatever length is declared
 * (chunked or lying): once more than {@code maxBytes} have arrived, the body fails with the
 * caller's error and the chunk that crossed the cap is not passed on, so nothing beyond the cap is
 * ever buffered or forwarded. The one counting piece of the gateway's {@code UploadLimitWebFilter}
 * and compliance-service's {@code UploadSizeFilter}.
 */
public final class CountedBody {

  private CountedBody() {}

  /**
   * {@code request} whose body fails with {@code overflow.get()} past {@code maxBytes}; each
   * subscription to the body counts from zero.
   */
  public static ServerHttpRequest capped(
      ServerHttpRequest request, long maxBytes, Supplier<? extends Throwable> overflow) {
    return new ServerHttpRequestDecorator(request) {
      @Override
      public Flux<DataBuffer> getBody() {
        AtomicLong seen = new AtomicLong();
        return super.getBody()
            .handle(
                (buffer, sink) -> {
                  if (seen.addAndGet(buffer.readableByteCount()) > maxBytes) {
                    // not passed on, so released here: the server hands each chunk over retained
                    DataBufferUtils.release(buffer);
                    sink.error(overflow.get());
                  } else {
                    sink.next(buffer);
                  }
                });
      }
    };
  }
}
