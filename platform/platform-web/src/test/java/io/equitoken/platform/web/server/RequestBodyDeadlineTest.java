package io.equitoken.platform.web.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.ReadTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.netty.http.server.HttpServer;

class RequestBodyDeadlineTest {

  private final RequestBodyDeadline deadline = new RequestBodyDeadline(Duration.ofSeconds(2));
  private final List<Throwable> failures = new ArrayList<>();
  private final EmbeddedChannel channel =
      new EmbeddedChannel(
          deadline,
          new ChannelInboundHandlerAdapter() {
            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
              failures.add(cause);
            }
          });

  /**
   * The channel's clock moves only when a test advances it: on a busy machine real time passing
   * between two steps would otherwise bring a deadline forward.
   */
  @BeforeEach
  void freezeTime() {
    channel.freezeTime();
  }

  @Test
  void shouldHoldNothingOnceEachOfManyKeepAliveRequestsHasArrived() {
    for (int i = 0; i < 1_000; i++) {
      channel.writeInbound(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/x"));
      channel.writeInbound(LastHttpContent.EMPTY_LAST_CONTENT);
      assertThat(deadline.armed()).isFalse();
    }
    // nothing left scheduled on the connection's event loop: no request outlives its arrival
    assertThat(channel.runScheduledPendingTasks()).isEqualTo(-1);
    channel.readInbound(); // drain
    assertThat(failures).isEmpty();
  }

  @Test
  void shouldFailABodyStillArrivingAtTheDeadlineAndClose() {
    channel.writeInbound(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/x"));
    channel.writeInbound(new DefaultHttpContent(Unpooled.wrappedBuffer(new byte[] {'{'})));
    channel.advanceTimeBy(1_900, TimeUnit.MILLISECONDS);
    channel.runScheduledPendingTasks();
    assertThat(channel.isOpen()).isTrue();

    channel.writeInbound(new DefaultHttpContent(Unpooled.wrappedBuffer(new byte[] {'"'})));
    channel.advanceTimeBy(200, TimeUnit.MILLISECONDS);
    channel.runScheduledPendingTasks();

    assertThat(failures).containsExactly(ReadTimeoutException.INSTANCE);
    assertThat(channel.isOpen()).isFalse();
    channel.finishAndReleaseAll();
  }

  @Test
  void shouldLetABodyThatArrivesInTimeGoOn() {
    channel.writeInbound(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/x"));
    channel.advanceTimeBy(1_500, TimeUnit.MILLISECONDS);
    channel.writeInbound(new DefaultLastHttpContent(Unpooled.wrappedBuffer(new byte[] {'1'})));
    channel.advanceTimeBy(5, TimeUnit.SECONDS);
    channel.runScheduledPendingTasks();

    assertThat(failures).isEmpty();
    assertThat(channel.isOpen()).isTrue();
    channel.finishAndReleaseAll();
  }

  @Test
  void shouldCancelABodysDeadlineWhenTheConnectionCloses() {
    channel.writeInbound(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/x"));
    assertThat(deadline.armed()).isTrue();

    channel.close();

    assertThat(deadline.armed()).isFalse();
    assertThat(channel.runScheduledPendingTasks()).isEqualTo(-1);
    assertThat(failures).isEmpty();
  }

  @Test
  void shouldCancelABodysDeadlineWhenTheHandlerIsRemoved() {
    channel.writeInbound(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/x"));

    channel.pipeline().remove(deadline);

    assertThat(deadline.armed()).isFalse();
    assertThat(channel.runScheduledPendingTasks()).isEqualTo(-1);
    channel.advanceTimeBy(5, TimeUnit.SECONDS);
    channel.runScheduledPendingTasks();
    assertThat(failures).isEmpty();
    assertThat(channel.isOpen()).isTrue();
    channel.finishAndReleaseAll();
  }

  @Test
  void shouldNotUseReactorNettysRequestTimeoutWhichKeepsFinishedRequests() {
    HttpServer server =
        ServerLimitsAutoConfiguration.serverLimits(
                new ServerLimitsProperties(null, null, Duration.ofSeconds(120), null))
            .apply(HttpServer.create());

    assertThat(server.configuration().requestTimeout()).isNull();
    assertThat(server.configuration().readTimeout()).isEqualTo(Duration.ofSeconds(20));
  }
}
