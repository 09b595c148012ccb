package io.equitoken.platform.web.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.ReadTimeoutException;
import java.time.Duration;

/**
 * Ends a request whose body has not fully arrived within {@code timeout} of its head: the body's
 * reader fails as when the body stalls (Netty's {@link ReadTimeoutException}, answered {@code 408
 * request-timeout} by the problem handler) and the connection is closed. A body that trickles in,
 * each pause shorter than the read timeout, is stopped by this. Sits right after the HTTP codec;
 * HTTP/1.1 only.
 *
 * <p>This replaces Reactor Netty's own {@code requestTimeout}, which kept every request's state
 * alive until its deadline (120 s): it schedules a task per request and loses it when the request
 * head is handed over twice — for more than half of the requests of a plain keep-alive client — so
 * that a service answering 1,000 requests a second held 120,000 finished requests and their headers
 * in its heap and ran out of memory. Here the deadline is cancelled when the request's last content
 * arrives, whatever else happens.
 */
final class RequestBodyDeadline extends ConnectionDeadline {

  static final String NAME = "equitoken.requestBodyDeadline";

  RequestBodyDeadline(Duration timeout) {
    super(timeout);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (msg instanceof HttpRequest && !(msg instanceof LastHttpContent)) {
      arm(ctx);
    }
    if (msg instanceof LastHttpContent) {
      disarm();
    }
    super.channelRead(ctx, msg);
  }

  /** The body has not fully arrived in time: its reader fails, and the connection closes. */
  @Override
  void expire(ChannelHandlerContext ctx) {
    ctx.fireExceptionCaught(ReadTimeoutException.INSTANCE);
    ctx.close();
  }
}
