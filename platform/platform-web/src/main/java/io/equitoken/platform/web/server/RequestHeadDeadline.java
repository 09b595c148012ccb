package io.equitoken.platform.web.server;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Closes an HTTP/1.1 connection whose request line and headers have not fully arrived within {@code
 * timeout} of the connection's start or of the end of its previous response — a client that
 * trickles a header byte now and then (which a read-idle timeout never notices) is disconnected
 * too. Sits right after the HTTP codec, so it sees decoded request heads; while a request is being
 * answered (pipelined ones included) no deadline runs.
 */
final class RequestHeadDeadline extends ChannelDuplexHandler {

  static final String NAME = "equitoken.requestHeadDeadline";

  private final long timeoutNanos;
  private ScheduledFuture<?> deadline;
  private int unanswered;

  RequestHeadDeadline(Duration timeout) {
    this.timeoutNanos = timeout.toNanos();
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    arm(ctx);
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    disarm();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    disarm();
    super.channelInactive(ctx);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (msg instanceof HttpRequest) {
      unanswered++;
      disarm();
    }
    super.channelRead(ctx, msg);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise)
      throws Exception {
    if (msg instanceof LastHttpContent && !isInterim(msg)) {
      // a response is complete: once all are, the next request's head has its own deadline
      promise = promise.unvoid();
      promise.addListener(
          done -> {
            if (--unanswered <= 0) {
              unanswered = 0;
              arm(ctx);
            }
          });
    }
    super.write(ctx, msg, promise);
  }

  private static boolean isInterim(Object msg) {
    return msg instanceof HttpResponse response
        && response.status().codeClass() == HttpStatusClass.INFORMATIONAL;
  }

  private void arm(ChannelHandlerContext ctx) {
    disarm();
    if (ctx.channel().isOpen()) {
      deadline = ctx.executor().schedule(() -> ctx.close(), timeoutNanos, TimeUnit.NANOSECONDS);
    }
  }

  private void disarm() {
    if (deadline != null) {
      deadline.cancel(false);
      deadline = null;
    }
  }
}
