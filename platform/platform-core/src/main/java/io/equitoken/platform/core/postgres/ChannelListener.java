package io.equitoken.platform.core.postgres;

import io.r2dbc.postgresql.api.Notification;
import io.r2dbc.postgresql.api.PostgresqlConnection;
import io.r2dbc.postgresql.api.PostgresqlResult;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.Wrapped;
import java.time.Duration;
import java.util.regex.Pattern;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Listens on one PostgreSQL notification channel, on a connection of its own outside the pool, for
 * as long as it runs, and tells its {@link Callbacks} what it hears: {@code live} once {@code
 * LISTEN} has run, each payload, and {@code lost} whenever the connection goes (it then reconnects
 * with a backoff of {@code retryMin} to 30 s). Notifications are subscribed before {@code LISTEN}
 * is sent, so none sent after it is missed. The one way the platform listens: the outbox relay's
 * commit feed and the read caches' change feeds are its callbacks.
 */
public final class ChannelListener {

  /** What a listener does with what it hears; called on the connection's thread, keep it short. */
  public interface Callbacks {

    /** {@code LISTEN} has run: every notification from now on arrives. */
    void live();

    /** One notification's payload. */
    void notified(String payload);

    /** Nothing arrives any more: the connection is lost ({@code cause}) or the listener stopped. */
    void dark(Throwable cause);
  }

  private static final Pattern CHANNEL = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);

  private final ConnectionFactory connections;
  private final String channel;
  private final Duration retryMin;
  private final Callbacks callbacks;
  private volatile Disposable running;

  public ChannelListener(
      ConnectionFactory connections, String channel, Duration retryMin, Callbacks callbacks) {
    if (!CHANNEL.matcher(channel).matches()) {
      throw new IllegalArgumentException("Not a plain channel name: " + channel);
    }
    this.connections = unpooled(connections);
    this.channel = channel;
    this.retryMin = retryMin;
    this.callbacks = callbacks;
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

  public String channel() {
    return channel;
  }

  public void start() {
    running =
        Flux.usingWhen(
                Mono.from(connections.create()),
                this::listen,
                Connection::close,
                (c, e) -> c.close(),
                Connection::close)
            .doOnNext(notification -> callbacks.notified(notification.getParameter()))
            .then(Mono.error(new IllegalStateException("notifications ended")))
            .doOnError(callbacks::dark)
            .retryWhen(Retry.backoff(Long.MAX_VALUE, retryMin).maxBackoff(MAX_BACKOFF))
            .subscribe(null, callbacks::dark);
  }

  private Flux<Notification> listen(Connection connection) {
    if (!(connection instanceof PostgresqlConnection postgres)) {
      return Flux.error(new IllegalStateException("Notifications need PostgreSQL: " + connection));
    }
    Mono<Void> listenThenLive =
        postgres
            .createStatement("LISTEN " + channel)
            .execute()
            .flatMap(PostgresqlResult::getRowsUpdated)
            .then(Mono.fromRunnable(callbacks::live));
    return Flux.merge(postgres.getNotifications(), listenThenLive.then(Mono.empty()));
  }

  public void stop() {
    Disposable current = running;
    running = null;
    if (current != null) {
      current.dispose();
    }
    callbacks.dark(null);
  }

  public boolean isRunning() {
    return running != null;
  }
}
