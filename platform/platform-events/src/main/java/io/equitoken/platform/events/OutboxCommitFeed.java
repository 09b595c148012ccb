package io.equitoken.platform.events;

import io.r2dbc.postgresql.api.Notification;
import io.r2dbc.postgresql.api.PostgresqlConnection;
import io.r2dbc.postgresql.api.PostgresqlResult;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.Wrapped;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Raises the {@link OutboxSignal} whenever any transaction that added outbox rows commits, on this
 * replica or another: it listens on PostgreSQL channel {@value #CHANNEL} (migration {@code
 * V0_5__platform_outbox_notify}) on a connection of its own, outside the pool. While it listens the
 * relay needs no frequent poll and waits {@code equitoken.events.relay-safety-interval} between
 * runs; whenever the connection is lost it says so and the relay polls every {@code relay-interval}
 * until it is back (reconnecting with a backoff of {@code retryMin} to 30 s). Going live raises the
 * signal once, for rows committed while nobody listened.
 */
public final class OutboxCommitFeed implements SmartLifecycle {

  static final String CHANNEL = "outbox_event";
  private static final Logger log = LoggerFactory.getLogger(OutboxCommitFeed.class);

  private final ConnectionFactory connections;
  private final OutboxSignal committed;
  private final Duration retryMin;
  private volatile Disposable running;

  public OutboxCommitFeed(
      ConnectionFactory connections, OutboxSignal committed, Duration retryMin) {
    this.connections = unpooled(connections);
    this.committed = committed;
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
            .doOnNext(notification -> committed.raise())
            .doFinally(signal -> committed.listening(false))
            .then(Mono.error(new IllegalStateException("notifications ended")))
            .doOnError(this::lost)
            .retryWhen(Retry.backoff(Long.MAX_VALUE, retryMin).maxBackoff(Duration.ofSeconds(30)))
            .subscribe(null, e -> log.error("Outbox commit feed stopped", e));
  }

  private Flux<Notification> listen(Connection connection) {
    if (!(connection instanceof PostgresqlConnection postgres)) {
      return Flux.error(
          new IllegalStateException("Outbox notifications need PostgreSQL: " + connection));
    }
    Mono<Void> listenThenLive =
        postgres
            .createStatement("LISTEN " + CHANNEL)
            .execute()
            .flatMap(PostgresqlResult::getRowsUpdated)
            .then(
                Mono.fromRunnable(
                    () -> {
                      committed.listening(true);
                      committed.raise();
                      log.info(
                          "Listening for outbox commits: the relay polls only as a safety net");
                    }));
    return Flux.merge(postgres.getNotifications(), listenThenLive.then(Mono.empty()));
  }

  private void lost(Throwable cause) {
    committed.listening(false);
    log.warn("Outbox commit feed lost ({}): the relay polls until it is back", cause.toString());
  }

  @Override
  public void stop() {
    Disposable current = running;
    running = null;
    if (current != null) {
      current.dispose();
    }
    committed.listening(false);
  }

  @Override
  public boolean isRunning() {
    return running != null;
  }
}
