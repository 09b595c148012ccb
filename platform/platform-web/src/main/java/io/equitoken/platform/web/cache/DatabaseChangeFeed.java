package io.equitoken.platform.web.cache;

import io.r2dbc.postgresql.api.Notification;
import io.r2dbc.postgresql.api.PostgresqlConnection;
import io.r2dbc.postgresql.api.PostgresqlResult;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.Wrapped;
import java.time.Duration;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Listens on one PostgreSQL notification channel on a connection of its own (outside the pool) and
 * hands each payload to {@link NotifiedCache#changed}. The cache goes {@link NotifiedCache#live
 * live} once {@code LISTEN} has run and {@link NotifiedCache#dark dark} whenever the connection is
 * lost; the feed reconnects with a backoff of {@code retryMin} to 30 s for as long as it runs.
 * Notifications are subscribed before {@code LISTEN} is sent, so none sent after it is missed.
 */
public final class DatabaseChangeFeed implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(DatabaseChangeFeed.class);
  private static final Pattern CHANNEL = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  private final ConnectionFactory connections;
  private final String channel;
  private final NotifiedCache<String, ?> cache;
  private final Duration retryMin;
  private volatile Disposable running;

  public DatabaseChangeFeed(
      ConnectionFactory connections,
      String channel,
      NotifiedCache<String, ?> cache,
      Duration retryMin) {
    if (!CHANNEL.matcher(channel).matches()) {
      throw new IllegalArgumentException("Not a plain channel name: " + channel);
    }
    this.connections = unpooled(connections);
    this.channel = channel;
    this.cache = cache;
    this.retryMin = retryMin;
  }

  /** A pooled connection would be handed back and reused; this one is held as long as it lasts. */
  private static ConnectionFactory unpooled(ConnectionFactory factory) {
    ConnectionFactory current = factory;
    while (current instanceof Wrapped<?> wrapped
        && wrapped.unwrap() instanceof ConnectionFactory inner
        && inner != current) {
      current = inner;
    }
    return current;
  }

  @Override
  public void start() {
    running =
        Flux.usingWhen(
                Mono.from(connections.create()),
                this::listen,
                Connection::close,
                (c, e) -> c.close(),
                Connection::close)
            .doOnNext(notification -> cache.changed(notification.getParameter()))
            .doFinally(signal -> cache.dark())
            .then(Mono.error(new IllegalStateException("notifications ended")))
            .doOnError(e -> goneDark(e))
            .retryWhen(Retry.backoff(Long.MAX_VALUE, retryMin).maxBackoff(Duration.ofSeconds(30)))
            .subscribe(null, e -> log.error("Change feed {} stopped", channel, e));
  }

  private Flux<Notification> listen(Connection connection) {
    if (!(connection instanceof PostgresqlConnection postgres)) {
      return Flux.error(
          new IllegalStateException("Change notifications need PostgreSQL: " + connection));
    }
    Mono<Void> listenThenLive =
        postgres
            .createStatement("LISTEN " + channel)
            .execute()
            .flatMap(PostgresqlResult::getRowsUpdated)
            .then(
                Mono.fromRunnable(
                    () -> {
                      cache.live();
                      log.info("Listening for changes on {}: the read cache is on", channel);
                    }));
    return Flux.merge(postgres.getNotifications(), listenThenLive.then(Mono.empty()));
  }

  private void goneDark(Throwable cause) {
    cache.dark();
    log.warn(
        "Change feed {} lost ({}): reads go to the database until it is back",
        channel,
        cause.toString());
  }

  @Override
  public void stop() {
    Disposable current = running;
    running = null;
    if (current != null) {
      current.dispose();
    }
    cache.dark();
  }

  @Override
  public boolean isRunning() {
    return running != null;
  }
}
