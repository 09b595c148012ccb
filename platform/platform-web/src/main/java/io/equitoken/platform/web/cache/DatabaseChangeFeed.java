package io.equitoken.platform.web.cache;

import io.equitoken.platform.core.postgres.ChannelListener;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Hands each payload of one PostgreSQL notification channel to {@link NotifiedCache#changed},
 * through the platform's {@link ChannelListener}. The cache goes {@link NotifiedCache#live live}
 * once {@code LISTEN} has run and {@link NotifiedCache#dark dark} whenever the connection is lost;
 * the feed reconnects with a backoff of {@code retryMin} to 30 s for as long as it runs.
 */
public final class DatabaseChangeFeed implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(DatabaseChangeFeed.class);

  private final ChannelListener listener;

  public DatabaseChangeFeed(
      ConnectionFactory connections,
      String channel,
      NotifiedCache<String, ?> cache,
      Duration retryMin) {
    this.listener =
        new ChannelListener(
            connections,
            channel,
            retryMin,
            new ChannelListener.Callbacks() {
              @Override
              public void live() {
                cache.live();
                log.info("Listening for changes on {}: the read cache is on", channel);
              }

              @Override
              public void notified(String payload) {
                cache.changed(payload);
              }

              @Override
              public void dark(Throwable cause) {
                cache.dark();
                if (cause != null) {
                  log.warn(
                      "Change feed {} lost ({}): reads go to the database until it is back",
                      channel,
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
