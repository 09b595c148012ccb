package io.equitoken.platform.web.server;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.ArrayDeque;

/**
 * An answer sent before its request's body has fully arrived — a refusal that did not need the body
 * (401, 403, 413 after too many parts, 415) — says {@code Connection: close}, so that the client
 * does not reuse the connection. A request without a body is complete with its head; one answered
 * before its body was even looked at (a 401 for a POST without a token, say) closes too, since the
 * server cannot know whether the rest will come (RFC 9112 §9.6).
 *
 * <p>Without it a pooled client (Reactor Netty's, as the gateway uses) puts such a connection back
 * in its pool, and its next request on it fails with "Connection reset by peer" once the server
 * drops the unread rest of the body. Sits right after the HTTP codec; pipelined requests are
 * matched to answers in order.
 */
final class AnswerBeforeBodyCloses extends ChannelDuplexHandler {

  static final String NAME = "equitoken.answerBeforeBodyCloses";

  /** The requests not answered yet, oldest first: has each one's whole body arrived? */
  private final ArrayDeque<boolean[]> unanswered = new ArrayDeque<>();

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (msg instanceof HttpRequest request) {
      unanswered.add(new boolean[] {msg instanceof LastHttpContent || !hasBody(request)});
    } else if (msg instanceof LastHttpContent && !unanswered.isEmpty()) {
      unanswered.peekLast()[0] = true;
    }
    super.channelRead(ctx, msg);
  }

  private static boolean hasBody(HttpRequest request) {
    return HttpUtil.isTransferEncodingChunked(request)
        || HttpUtil.getContentLength(request, 0L) > 0;
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise)
      throws Exception {
    if (msg instanceof HttpResponse response
        && response.status().codeClass() != HttpStatusClass.INFORMATIONAL) {
      boolean[] bodyIn = unanswered.poll();
      if (bodyIn != null && !bodyIn[0]) {
        HttpUtil.setKeepAlive(response, false);
      }
    }
    super.write(ctx, msg, promise);
  }
}
