package io.equitoken.trading.service.persistence;

import io.equitoken.trading.service.cash.CashEntry;
import io.r2dbc.spi.Readable;
import java.math.BigDecimal;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * One account change and its entry as parts of a statement, for the stores that write one: the
 * account row {@code a} updated only where it stays whole ({@code 0 <= reserved <= balance},
 * re-checked on the newest row version after a concurrent change released its lock), and the entry
 * written from that updated row, so the two cannot disagree. The parts take a {@link
 * CashEntry.Draft}'s parameters as {@link #bind} binds them.
 */
final class CashEntrySql {

  static final String ENTRY_COLUMNS =
      "id, owner_id, sequence, kind, amount, reserved_change, balance_after, reserved_after,"
          + " order_id, trade_id, deposit_id, withdrawal_id, token_id, price, quantity, fee,"
          + " reason, actor, occurred_at";

  /**
   * The account's update, up to and including its {@code where} clause (a caller may add to it).
   */
  static final String MOVE_ACCOUNT =
      "update cash_account set balance = balance + :amount, reserved = reserved +"
          + " :reservedChange, sequence = sequence + 1, updated_at = :at where owner_id = :owner"
          + " and reserved + :reservedChange >= 0 and balance + :amount >= reserved +"
          + " :reservedChange";

  /** What the account's update or insert returns, as {@code a}, for {@link #ENTRY_FROM_ACCOUNT}. */
  static final String ACCOUNT_RETURNING = " returning owner_id, balance, reserved, sequence";

  /** A buy order's reservation row, from the updated account {@code a}. */
  static final String RESERVATION_FROM_ACCOUNT =
      "insert into cash_reservation (order_id, owner_id, amount) select :orderId, owner_id,"
          + " :reservedChange from a";

  /** The entry, from the changed account {@code a}; returns what {@link #entry} reads. */
  static final String ENTRY_FROM_ACCOUNT =
      "insert into cash_entry ("
          + ENTRY_COLUMNS
          + ") select :id, a.owner_id, a.sequence, :kind, :amount, :reservedChange, a.balance,"
          + " a.reserved, :orderId, :tradeId, :depositId, :withdrawalId, :tokenId, :price,"
          + " :quantity, :fee, :reason, :actor, :at from a returning sequence, balance_after,"
          + " reserved_after";

  private CashEntrySql() {}

  /** Binds the change's parameters ({@code :owner}, {@code :id}, {@code :orderId}, …). */
  static DatabaseClient.GenericExecuteSpec bind(
      DatabaseClient.GenericExecuteSpec spec, CashEntry.Draft c) {
    CashEntry.Refs r = c.refs();
    spec =
        spec.bind("owner", c.ownerId())
            .bind("id", c.id())
            .bind("kind", c.kind().wire())
            .bind("amount", c.amount())
            .bind("reservedChange", c.reservedChange())
            .bind("at", c.occurredAt());
    spec = Sql.bind(spec, "orderId", r.orderId(), UUID.class);
    spec = Sql.bind(spec, "tradeId", r.tradeId(), String.class);
    spec = Sql.bind(spec, "depositId", r.depositId(), UUID.class);
    spec = Sql.bind(spec, "withdrawalId", r.withdrawalId(), UUID.class);
    spec = Sql.bind(spec, "tokenId", r.tokenId(), String.class);
    spec = Sql.bind(spec, "price", r.price(), BigDecimal.class);
    spec = Sql.bind(spec, "quantity", r.quantity(), BigDecimal.class);
    spec = Sql.bind(spec, "fee", r.fee(), Long.class);
    spec = Sql.bind(spec, "reason", r.reason(), String.class);
    return Sql.bind(spec, "actor", r.actor(), String.class);
  }

  /** The applied change, from the row {@link #ENTRY_FROM_ACCOUNT} returned. */
  static CashEntry entry(Readable row, CashEntry.Draft c) {
    return new CashEntry(
        c.id(),
        c.ownerId(),
        row.get("sequence", Long.class),
        c.kind(),
        c.amount(),
        c.reservedChange(),
        row.get("balance_after", Long.class),
        row.get("reserved_after", Long.class),
        c.refs(),
        c.occurredAt());
  }
}
