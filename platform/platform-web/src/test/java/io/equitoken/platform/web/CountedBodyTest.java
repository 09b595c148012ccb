package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.core.io.buffer.NettyDataBuffer;
import org.springframework.core.io.buffer.NettyDataBufferFactory;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import reactor.core.publisher.Flux;

class CountedBodyTest {

  private static final DefaultDataBufferFactory BUFFERS = new DefaultDataBufferFactory();
  private static final Duration WAIT = Duration.ofSeconds(5);

  @Test
  void shouldPassABodyUpToTheCapUnchanged() {
    var request = CountedBody.capped(upload("abcd", "efgh"), 8, IllegalStateException::new);

    assertThat(request.getBody().map(CountedBodyTest::text).collectList().block(WAIT))
        .containsExactly("abcd", "efgh");
  }

  @Test
  void shouldFailWithTheCallersErrorAndNotPassOnTheChunkThatCrossesTheCap() {
    var request =
        CountedBody.capped(
            upload("abcd", "efgh", "i"), 8, () -> new IllegalStateException("over 8"));
    List<String> passed = new ArrayList<>();

    assertThatThrownBy(
            () ->
                request.getBody().map(CountedBodyTest::text).doOnNext(passed::add).blockLast(WAIT))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("over 8");
    assertThat(passed).containsExactly("abcd", "efgh");
  }

  @Test
  void shouldReleaseTheChunkThatCrossesTheCap() {
    NettyDataBufferFactory netty = new NettyDataBufferFactory(UnpooledByteBufAllocator.DEFAULT);
    NettyDataBuffer crossing = netty.wrap(Unpooled.copiedBuffer("efgh", StandardCharsets.UTF_8));
    var request =
        CountedBody.capped(
            MockServerHttpRequest.post("/upload")
                .body(
                    Flux.just(
                        (DataBuffer)
                            netty.wrap(Unpooled.copiedBuffer("abcd", StandardCharsets.UTF_8)),
                        crossing)),
            6,
            IllegalStateException::new);

    assertThatThrownBy(() -> request.getBody().doOnNext(DataBufferUtils::release).blockLast(WAIT))
        .isInstanceOf(IllegalStateException.class);
    assertThat(crossing.getNativeBuffer().refCnt()).isZero();
  }

  @Test
  void shouldCountEachSubscriptionFromZero() {
    var request = CountedBody.capped(upload("abcd"), 4, IllegalStateException::new);

    assertThat(request.getBody().count().block(WAIT)).isEqualTo(1);
    assertThat(request.getBody().count().block(WAIT)).isEqualTo(1);
  }

  private static MockServerHttpRequest upload(String... chunks) {
    return MockServerHttpRequest.post("/upload")
        .body(
            Flux.fromArray(chunks)
                .map(c -> (DataBuffer) BUFFERS.wrap(c.getBytes(StandardCharsets.UTF_8))));
  }

  private static String text(DataBuffer buffer) {
    return buffer.toString(StandardCharsets.UTF_8);
  }
}
