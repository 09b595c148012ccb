package io.equitoken.platform.events;

import io.equitoken.platform.core.postgres.ChannelListener;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Raises the {@link OutboxSignal} whenever any transaction that added outbox rows commits, on this
 * replica or another: it listens on PostgreSQL channel {@value #CHANNEL} (migration {@code
 * V0_5__platform_outbox_notify}) through the platform's {@link ChannelListener}. While it listens
 * the relay needs no frequent poll and waits {@code equitoken.events.relay-safety-interval} between
 * runs; whenever the connection is lost it says so and the relay polls every {@code relay-interval}
 * until it is back (reconnecting with a backoff of {@code retryMin} to 30 s). Going live raises the
 * signal once, for rows committed while nobody listened.
 */
public final class OutboxCommitFeed implements SmartLifecycle {

  static final String CHANNEL = "outbox_event";
  private static final Logger log = LoggerFactory.getLogger(OutboxCommitFeed.class);

  private final ChannelListener listener;

  public OutboxCommitFeed(
      ConnectionFactory connections, OutboxSignal committed, Duration retryMin) {
    this.listener =
        new ChannelListener(
            connections,
            CHANNEL,
            retryMin,
            new ChannelListener.Callbacks() {
              @Override
              public void live() {
                committed.listening(true);
                committed.raise();
                log.info("Listening for outbox commits: the relay polls only as a safety net");
              }

              @Override
              public void notified(String payload) {
                committed.raise();
              }

              @Override
              public void dark(Throwable cause) {
                committed.listening(false);
                if (cause != null) {
                  log.warn(
                      "Outbox commit feed lost ({}): the relay polls until it is back",
                      cause.toString());
                }
              }
            });
  }

  @Override
  public void start() {
    listener.start();
  }

  @Override
  public void stop() {
    listener.stop();
  }

  @Override
  public boolean isRunning() {
    return listener.isRunning();
  }
}
