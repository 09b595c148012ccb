package io.equitoken.portfolio.persistence;

import io.equitoken.platform.events.UnnestRows;
import io.equitoken.portfolio.holding.HoldingChange;
import io.equitoken.portfolio.holding.HoldingStore;
import io.equitoken.portfolio.holding.Reason;
import io.equitoken.portfolio.holding.Refold.Costed;
import io.equitoken.portfolio.holding.Refold.History;
import io.equitoken.portfolio.holding.Refold.Start;
import io.r2dbc.spi.Readable;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Holding changes in one statement per step, whatever their number: every list is bound as arrays
 * (text, numbers as their plain text) and read back with {@code unnest}.
 */
@Component
class R2dbcHoldingStore implements HoldingStore {

  private static final UnnestRows<HoldingChange> CHANGES =
      UnnestRows.<HoldingChange>as("c")
          .column("owner_id", "text", HoldingChange::ownerId)
          .column("token_id", "text", HoldingChange::tokenId)
          .column("sequence", "bigint", HoldingChange::sequence)
          .column("quantity", "numeric", HoldingChange::quantity)
          .column("available_quantity", "numeric", HoldingChange::availableQuantity)
          .column("delta", "numeric", HoldingChange::delta)
          .column("reason", "text", c -> c.reason().wire())
          .column("price", "numeric", HoldingChange::price)
          .column("trade_id", "text", HoldingChange::tradeId)
          .column("order_id", "text", HoldingChange::orderId)
          .column("transfer_id", "text", HoldingChange::transferId)
          .column("window_id", "text", HoldingChange::windowId)
          .column("occurred_at", "timestamptz", HoldingChange::occurredAt);

  private static final UnnestRows<Start> STARTS =
      UnnestRows.<Start>as("s")
          .column("owner_id", "text", Start::ownerId)
          .column("token_id", "text", Start::tokenId)
          .column("sequence", "bigint", Start::sequence);

  private static final UnnestRows<Costed> COSTS =
      changeKeys("u").column("cost_basis", "numeric", Costed::costBasis);

  private static final UnnestRows<Costed> CURRENT =
      changeKeys("h")
          .column("quantity", "numeric", c -> c.change().quantity())
          .column("available_quantity", "numeric", c -> c.change().availableQuantity())
          .column("cost_basis", "numeric", Costed::costBasis)
          .column("changed_at", "timestamptz", c -> c.change().occurredAt());

  /** A costed change's key columns: owner, token and sequence. */
  private static UnnestRows<Costed> changeKeys(String alias) {
    return UnnestRows.<Costed>as(alias)
        .column("owner_id", "text", c -> c.change().ownerId())
        .column("token_id", "text", c -> c.change().tokenId())
        .column("sequence", "bigint", c -> c.change().sequence());
  }

  private final DatabaseClient db;

  R2dbcHoldingStore(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<List<HoldingChange>> insertNew(List<HoldingChange> changes) {
    var insert =
        db.sql(
            "insert into holding_change (owner_id, token_id, sequence, quantity,"
                + " available_quantity, delta, reason, price, trade_id, order_id, transfer_id,"
                + " window_id, occurred_at) select * from "
                + CHANGES.clause()
                + " on conflict do nothing returning owner_id, token_id, sequence");
    return CHANGES
        .bind(insert, changes)
        .map(
            row ->
                List.<Object>of(
                    row.get("owner_id", String.class),
                    row.get("token_id", String.class),
                    row.get("sequence", Long.class)))
        .all()
        .collect(HashSet::new, Set::add)
        .map(
            stored ->
                changes.stream()
                    .filter(c -> stored.contains(List.of(c.ownerId(), c.tokenId(), c.sequence())))
                    .toList());
  }

  @Override
  public Mono<List<History>> historiesFrom(List<Start> starts) {
    // per start: the cost basis of the change just before it, then every change from it on
    var select =
        db.sql(
            "select s.ord, coalesce((select p.cost_basis from holding_change p"
                + " where p.owner_id = s.owner_id and p.token_id = s.token_id"
                + " and p.sequence < s.sequence order by p.sequence desc limit 1), 0)"
                + " as cost_before, c.* from "
                + STARTS.clauseWithOrdinality("ord")
                + " join lateral (select * from holding_change h where h.owner_id = s.owner_id"
                + " and h.token_id = s.token_id and h.sequence >= s.sequence) c on true"
                + " order by s.ord, c.sequence");
    return STARTS
        .bind(select, starts)
        .map(row -> new Row(row.get("cost_before", BigDecimal.class), change(row)))
        .all()
        .collectList()
        .map(R2dbcHoldingStore::histories);
  }

  private record Row(BigDecimal costBefore, HoldingChange change) {}

  private static List<History> histories(List<Row> rows) {
    Map<List<String>, List<Row>> byHolding = new LinkedHashMap<>();
    for (Row row : rows) {
      byHolding
          .computeIfAbsent(
              List.of(row.change().ownerId(), row.change().tokenId()), k -> new ArrayList<>())
          .add(row);
    }
    List<History> out = new ArrayList<>();
    for (List<Row> holding : byHolding.values()) {
      HoldingChange first = holding.get(0).change();
      out.add(
          new History(
              first.ownerId(),
              first.tokenId(),
              holding.get(0).costBefore(),
              holding.stream().map(Row::change).toList()));
    }
    return out;
  }

  @Override
  public Mono<Void> setCosts(List<Costed> costs) {
    var update =
        db.sql(
            "update holding_change h set cost_basis = u.cost_basis from "
                + COSTS.clause()
                + " where h.owner_id = u.owner_id and h.token_id = u.token_id"
                + " and h.sequence = u.sequence");
    return COSTS.bind(update, costs).then();
  }

  @Override
  public Mono<Void> setCurrent(List<Costed> latest) {
    var upsert =
        db.sql(
            "insert into holding (owner_id, token_id, sequence, quantity, available_quantity,"
                + " cost_basis, changed_at) select * from "
                + CURRENT.clause()
                + " on conflict (owner_id, token_id) do update set"
                + " sequence = excluded.sequence, quantity = excluded.quantity,"
                + " available_quantity = excluded.available_quantity,"
                + " cost_basis = excluded.cost_basis, changed_at = excluded.changed_at"
                + " where holding.sequence <= excluded.sequence");
    return CURRENT.bind(upsert, latest).then();
  }

  static HoldingChange change(Readable row) {
    return new HoldingChange(
        row.get("owner_id", String.class),
        row.get("token_id", String.class),
        row.get("sequence", Long.class),
        row.get("quantity", BigDecimal.class),
        row.get("available_quantity", BigDecimal.class),
        row.get("delta", BigDecimal.class),
        Reason.parse(row.get("reason", String.class)).orElseThrow(),
        row.get("price", BigDecimal.class),
        row.get("trade_id", String.class),
        row.get("order_id", String.class),
        row.get("transfer_id", String.class),
        row.get("window_id", String.class),
        row.get("occurred_at", Instant.class));
  }
}
