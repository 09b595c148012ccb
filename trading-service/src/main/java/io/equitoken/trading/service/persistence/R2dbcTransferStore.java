package io.equitoken.trading.service.persistence;

import io.equitoken.trading.service.transfer.Transfer;
import io.equitoken.trading.service.transfer.TransferStore;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

@Component
class R2dbcTransferStore implements TransferStore {

  private final DatabaseClient db;

  R2dbcTransferStore(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<Void> insert(Transfer t) {
    return db.sql(
            "insert into holding_transfer (id, token_id, from_id, to_id, quantity, reason,"
                + " requested_by, requested_at) values (:id, :token, :from, :to, :quantity,"
                + " :reason, :by, :at)")
        .bind("id", t.id())
        .bind("token", t.tokenId())
        .bind("from", t.fromId())
        .bind("to", t.toId())
        .bind("quantity", t.quantity())
        .bind("reason", t.reason())
        .bind("by", t.requestedBy())
        .bind("at", t.requestedAt())
        .fetch()
        .rowsUpdated()
        .then();
  }
}
