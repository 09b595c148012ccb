package io.equitoken.platform.web.server;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.ssl.SslHandler;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;

/**
 * Reactor Netty answers a request it cannot decode — headers too large ({@code 431}), request line
 * too long ({@code 414}), malformed ({@code 400}) — itself, before any web filter runs, with an
 * empty body. This turns exactly those answers (empty, {@code Connection: close}, no content type)
 * into the platform's problem+json with a fresh {@code X-Request-Id}, and over TLS (the gateway)
 * adds the edge's {@code Strict-Transport-Security}. Sits right after the HTTP codec.
 */
final class BareRefusalAsProblem extends ChannelOutboundHandlerAdapter {

  static final String NAME = "equitoken.bareRefusalAsProblem";
  static final String HSTS = "max-age=63072000; includeSubDomains";

  private static final Map<Integer, String[]> PROBLEMS =
      Map.of(
          400,
          new String[] {"malformed-request", "Bad request", "The request could not be decoded."},
          414,
          new String[] {
            "request-line-too-long", "URI too long", "The request line is longer than allowed."
          },
          431,
          new String[] {
            "header-too-large",
            "Request header fields too large",
            "The request headers are larger than allowed."
          });

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise)
      throws Exception {
    if (msg instanceof FullHttpResponse response && isBareDecodingFailure(response)) {
      String[] problem = PROBLEMS.get(response.status().code());
      String requestId = UUID.randomUUID().toString();
      byte[] body =
          ("{\"type\":\"https://equitoken.io/problems/"
                  + problem[0]
                  + "\",\"title\":\""
                  + problem[1]
                  + "\",\"status\":"
                  + response.status().code()
                  + ",\"detail\":\""
                  + problem[2]
                  + "\",\"code\":\""
                  + problem[0]
                  + "\",\"requestId\":\""
                  + requestId
                  + "\"}")
              .getBytes(StandardCharsets.UTF_8);
      FullHttpResponse replaced = response.replace(Unpooled.wrappedBuffer(body));
      response.release();
      HttpHeaders headers = replaced.headers();
      headers.set(HttpHeaderNames.CONTENT_TYPE, "application/problem+json");
      headers.setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
      headers.set("X-Request-Id", requestId);
      if (ctx.pipeline().get(SslHandler.class) != null) {
        headers.set("Strict-Transport-Security", HSTS);
      }
      super.write(ctx, replaced, promise);
      return;
    }
    super.write(ctx, msg, promise);
  }

  private static boolean isBareDecodingFailure(FullHttpResponse response) {
    HttpHeaders headers = response.headers();
    return PROBLEMS.containsKey(response.status().code())
        && response.content().readableBytes() == 0
        && !headers.contains(HttpHeaderNames.CONTENT_TYPE)
        && headers.containsValue(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE, true);
  }
}
