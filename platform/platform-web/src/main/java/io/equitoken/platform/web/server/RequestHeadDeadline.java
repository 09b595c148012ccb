package io.equitoken.platform.web.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import java.time.Duration;

/**
 * Closes an HTTP/1.1 connection whose request line and headers have not fully arrived within {@code
 * timeout} of the request's first byte — a client that trickles a header byte now and then (which a
 * read-idle timeout never notices) is disconnected. Sits right after the HTTP codec, so it sees
 * decoded request heads; its {@link #firstBytes()} part sits before the codec and starts the clock
 * when bytes arrive while no request is being answered (pipelined ones included).
 *
 * <p>An idle keep-alive connection, with no request begun, is not this deadline's business: Boot's
 * {@code server.netty.idle-timeout} closes it: were the deadline to run from the end of the
 * previous answer, it would close idle connections earlier than the documented idle timeout, and a
 * pooled client reusing one at that moment would get a reset.
 */
final class RequestHeadDeadline extends ConnectionDeadline {

  static final String NAME = "equitoken.requestHeadDeadline";
  static final String FIRST_BYTES_NAME = "equitoken.requestHeadDeadline.firstBytes";

  private int unanswered;

  RequestHeadDeadline(Duration timeout) {
    super(timeout);
  }

  /** The part before the codec: raw bytes with no request being answered start a request head. */
  ChannelHandler firstBytes() {
    return new ChannelInboundHandlerAdapter() {
      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (unanswered == 0 && !armed() && msg instanceof ByteBuf bytes && bytes.isReadable()) {
          arm(ctx);
        }
        super.channelRead(ctx, msg);
      }
    };
  }

  /** The head has not fully arrived in time: hang up. */
  @Override
  void expire(ChannelHandlerContext ctx) {
    ctx.close();
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
      // a response is complete: once all are, the next request's first byte starts its deadline
      promise = promise.unvoid();
      promise.addListener(
          done -> {
            if (--unanswered <= 0) {
              unanswered = 0;
            }
          });
    }
    super.write(ctx, msg, promise);
  }

  private static boolean isInterim(Object msg) {
    return msg instanceof HttpResponse response
        && response.status().codeClass() == HttpStatusClass.INFORMATIONAL;
  }
}
