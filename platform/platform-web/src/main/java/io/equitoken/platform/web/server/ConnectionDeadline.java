package io.equitoken.platform.web.server;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One deadline at a time on a connection, run on its event loop: armed when a subclass sees the
 * start of what must arrive in time, disarmed when it has arrived, and always cancelled when the
 * connection goes inactive or the handler leaves the pipeline — so that no scheduled task holds a
 * connection's state after it is done with.
 */
abstract class ConnectionDeadline extends ChannelDuplexHandler {

  private final long timeoutNanos;
  private ScheduledFuture<?> deadline;

  ConnectionDeadline(Duration timeout) {
    this.timeoutNanos = timeout.toNanos();
  }

  /** What to do when the deadline passes on a still active connection. */
  abstract void expire(ChannelHandlerContext ctx);

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    disarm();
    super.channelInactive(ctx);
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    disarm();
  }

  /** Whether the deadline is running. */
  final boolean armed() {
    return deadline != null;
  }

  /** Starts the deadline afresh from now. */
  final void arm(ChannelHandlerContext ctx) {
    disarm();
    if (ctx.channel().isOpen()) {
      deadline =
          ctx.executor()
              .schedule(
                  () -> {
                    deadline = null;
                    if (ctx.channel().isActive()) {
                      expire(ctx);
                    }
                  },
                  timeoutNanos,
                  TimeUnit.NANOSECONDS);
    }
  }

  final void disarm() {
    if (deadline != null) {
      deadline.cancel(false);
      deadline = null;
    }
  }
}
