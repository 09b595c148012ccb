package io.equitoken.platform.web.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;

/**
 * Counts the open connections of each client address and closes a new one beyond {@code max} at
 * once (before TLS, before any request is read). One instance per connection, sharing the counts.
 */
final class ConnectionCap extends ChannelInboundHandlerAdapter {

  static final String NAME = "equitoken.connectionCap";

  private final Map<InetAddress, Integer> connections;
  private final int max;
  private InetAddress counted;

  ConnectionCap(Map<InetAddress, Integer> connections, int max) {
    this.connections = connections;
    this.max = max;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    if (ctx.channel().isActive()) {
      count(ctx);
    }
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    count(ctx);
    if (ctx.channel().isOpen()) {
      super.channelActive(ctx);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    release();
    super.channelInactive(ctx);
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    release();
  }

  private void count(ChannelHandlerContext ctx) {
    if (counted != null
        || !(ctx.channel().remoteAddress() instanceof InetSocketAddress remote)
        || remote.getAddress() == null) {
      return;
    }
    counted = remote.getAddress();
    int open = connections.merge(counted, 1, Integer::sum);
    if (open > max) {
      ctx.close();
    }
  }

  private void release() {
    InetAddress address = counted;
    if (address != null) {
      counted = null;
      connections.computeIfPresent(address, (a, open) -> open <= 1 ? null : open - 1);
    }
  }
}
