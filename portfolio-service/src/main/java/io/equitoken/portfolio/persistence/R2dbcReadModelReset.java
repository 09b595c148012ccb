package io.equitoken.portfolio.persistence;

import io.equitoken.portfolio.holding.ReadModelReset;
import java.util.Collection;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

@Component
class R2dbcReadModelReset implements ReadModelReset {

  private final DatabaseClient db;
  private final TransactionalOperator tx;

  R2dbcReadModelReset(DatabaseClient db, ReactiveTransactionManager tm) {
    this.db = db;
    this.tx = TransactionalOperator.create(tm);
  }

  @Override
  public Mono<Void> clear(Collection<String> consumers) {
    Mono<Void> work =
        db.sql(
                "truncate table holding, holding_change, price_point, listing, token,"
                    + " cash_account, cash_change")
            .then()
            .then(
                db.sql("delete from processed_event where consumer = any(:consumers)")
                    .bind("consumers", consumers.toArray(String[]::new))
                    .then());
    return tx.transactional(work);
  }
}
