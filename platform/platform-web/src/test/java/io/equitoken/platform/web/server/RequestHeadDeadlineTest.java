package io.equitoken.platform.web.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RequestHeadDeadlineTest {

  private final RequestHeadDeadline deadline = new RequestHeadDeadline(Duration.ofSeconds(1));
  private final EmbeddedChannel channel =
      new EmbeddedChannel(deadline.firstBytes(), new HttpServerCodec(), deadline);

  /**
   * The channel's clock moves only when a test advances it: on a busy machine real time passing
   * between two steps would otherwise bring a deadline forward.
   */
  @BeforeEach
  void freezeTime() {
    channel.freezeTime();
  }

  @Test
  void shouldCloseAConnectionWhoseHeadTricklesPastTheDeadline() {
    send("GET /x HTTP/1.1\r\nHost: a\r\nX-Slow: ");
    for (int i = 0; i < 4; i++) {
      elapse(200);
      send("a");
    }
    assertThat(channel.isOpen()).isTrue();

    elapse(200);

    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void shouldCancelTheDeadlineOnceTheHeadHasArrived() {
    send("GET /x HTTP/1.1\r\nHost: a\r\n");
    assertThat(deadline.armed()).isTrue();

    send("\r\n");
    elapse(5_000);

    assertThat(deadline.armed()).isFalse();
    assertThat(channel.isOpen()).isTrue();
    channel.finishAndReleaseAll();
  }

  @Test
  void shouldLeaveAnIdleConnectionAfterAnAnswerAlone() {
    send("GET /x HTTP/1.1\r\nHost: a\r\n\r\n");
    channel.writeOutbound(
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NO_CONTENT));

    elapse(5_000);

    assertThat(deadline.armed()).isFalse();
    assertThat(channel.isOpen()).isTrue();
    channel.finishAndReleaseAll();
  }

  @Test
  void shouldCancelTheDeadlineWhenTheConnectionCloses() {
    send("GET /x HTTP/1.1\r\n");

    channel.close();

    assertThat(deadline.armed()).isFalse();
    assertThat(channel.runScheduledPendingTasks()).isEqualTo(-1);
  }

  @Test
  void shouldCancelTheDeadlineWhenTheHandlerIsRemoved() {
    send("GET /x HTTP/1.1\r\n");

    channel.pipeline().remove(deadline);

    assertThat(deadline.armed()).isFalse();
    assertThat(channel.runScheduledPendingTasks()).isEqualTo(-1);
  }

  private void send(String ascii) {
    channel.writeInbound(Unpooled.copiedBuffer(ascii, StandardCharsets.US_ASCII));
  }

  private void elapse(long millis) {
    channel.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
    channel.runScheduledPendingTasks();
  }
}
