package io.equitoken.platform.events;

import java.util.function.Function;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * At-least-once delivery made effectively-once: the handler runs in one transaction with the
 * insertion of {@code (consumer, event id)} into {@code processed_event}, so a redelivered event is
 * recognised and skipped, and a handler failure leaves no trace (the event will be retried).
 */
public class IdempotentConsumer {

  private final DatabaseClient db;
  private final TransactionalOperator tx;

  public IdempotentConsumer(DatabaseClient db, TransactionalOperator tx) {
    this.db = db;
    this.tx = tx;
  }

  /** Answers true if the handler ran, false if this consumer had already processed the event. */
  public Mono<Boolean> handleOnce(
      String consumerName, EventEnvelope event, Function<EventEnvelope, Mono<Void>> handler) {
    Mono<Boolean> work =
        db.sql(
                "insert into processed_event (consumer, event_id) values (:consumer, :id)"
                    + " on conflict do nothing")
            .bind("consumer", consumerName)
            .bind("id", event.id())
            .fetch()
            .rowsUpdated()
            .flatMap(
                inserted ->
                    inserted == 1
                        ? handler.apply(event).thenReturn(Boolean.TRUE)
                        : Mono.just(Boolean.FALSE));
    return tx.transactional(work);
  }
}
