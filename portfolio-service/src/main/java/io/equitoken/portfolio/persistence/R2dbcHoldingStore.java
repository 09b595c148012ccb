package io.equitoken.portfolio.persistence;

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

  private final DatabaseClient db;

  R2dbcHoldingStore(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<List<HoldingChange>> insertNew(List<HoldingChange> changes) {
    int n = changes.size();
    String[][] text = new String[10][n];
    String[][] numbers = new String[4][n];
    for (int i = 0; i < n; i++) {
      HoldingChange c = changes.get(i);
      text[0][i] = c.ownerId();
      text[1][i] = c.tokenId();
      text[2][i] = String.valueOf(c.sequence());
      text[3][i] = c.reason().wire();
      text[4][i] = c.tradeId();
      text[5][i] = c.orderId();
      text[6][i] = c.transferId();
      text[7][i] = c.windowId();
      text[8][i] = c.occurredAt().toString();
      numbers[0][i] = plain(c.quantity());
      numbers[1][i] = plain(c.availableQuantity());
      numbers[2][i] = plain(c.delta());
      numbers[3][i] = plain(c.price());
    }
    return db.sql(
            "insert into holding_change (owner_id, token_id, sequence, quantity,"
                + " available_quantity, delta, reason, price, trade_id, order_id, transfer_id,"
                + " window_id, occurred_at) select * from unnest(cast(:owner as text[]),"
                + " cast(:token as text[]), cast(:sequence as bigint[]),"
                + " cast(:quantity as numeric[]), cast(:available as numeric[]),"
                + " cast(:delta as numeric[]), cast(:reason as text[]), cast(:price as numeric[]),"
                + " cast(:tradeId as text[]), cast(:orderId as text[]),"
                + " cast(:transferId as text[]), cast(:windowId as text[]),"
                + " cast(:occurredAt as timestamptz[])) on conflict do nothing"
                + " returning owner_id, token_id, sequence")
        .bind("owner", text[0])
        .bind("token", text[1])
        .bind("sequence", text[2])
        .bind("reason", text[3])
        .bind("tradeId", text[4])
        .bind("orderId", text[5])
        .bind("transferId", text[6])
        .bind("windowId", text[7])
        .bind("occurredAt", text[8])
        .bind("quantity", numbers[0])
        .bind("available", numbers[1])
        .bind("delta", numbers[2])
        .bind("price", numbers[3])
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
    int n = starts.size();
    String[] owners = new String[n];
    String[] tokens = new String[n];
    String[] sequences = new String[n];
    for (int i = 0; i < n; i++) {
      owners[i] = starts.get(i).ownerId();
      tokens[i] = starts.get(i).tokenId();
      sequences[i] = String.valueOf(starts.get(i).sequence());
    }
    // per start: the cost basis of the change just before it, then every change from it on
    return db.sql(
            "select s.ord, coalesce((select p.cost_basis from holding_change p"
                + " where p.owner_id = s.owner_id and p.token_id = s.token_id"
                + " and p.sequence < s.sequence order by p.sequence desc limit 1), 0)"
                + " as cost_before, c.* from unnest(cast(:owner as text[]),"
                + " cast(:token as text[]), cast(:sequence as bigint[])) with ordinality"
                + " as s(owner_id, token_id, sequence, ord)"
                + " join lateral (select * from holding_change h where h.owner_id = s.owner_id"
                + " and h.token_id = s.token_id and h.sequence >= s.sequence) c on true"
                + " order by s.ord, c.sequence")
        .bind("owner", owners)
        .bind("token", tokens)
        .bind("sequence", sequences)
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
    int n = costs.size();
    String[] owners = new String[n];
    String[] tokens = new String[n];
    String[] sequences = new String[n];
    String[] values = new String[n];
    for (int i = 0; i < n; i++) {
      HoldingChange c = costs.get(i).change();
      owners[i] = c.ownerId();
      tokens[i] = c.tokenId();
      sequences[i] = String.valueOf(c.sequence());
      values[i] = plain(costs.get(i).costBasis());
    }
    return db.sql(
            "update holding_change h set cost_basis = u.cost_basis from"
                + " unnest(cast(:owner as text[]), cast(:token as text[]),"
                + " cast(:sequence as bigint[]), cast(:cost as numeric[]))"
                + " as u(owner_id, token_id, sequence, cost_basis)"
                + " where h.owner_id = u.owner_id and h.token_id = u.token_id"
                + " and h.sequence = u.sequence")
        .bind("owner", owners)
        .bind("token", tokens)
        .bind("sequence", sequences)
        .bind("cost", values)
        .then();
  }

  @Override
  public Mono<Void> setCurrent(List<Costed> latest) {
    int n = latest.size();
    String[][] text = new String[4][n];
    String[][] numbers = new String[3][n];
    for (int i = 0; i < n; i++) {
      HoldingChange c = latest.get(i).change();
      text[0][i] = c.ownerId();
      text[1][i] = c.tokenId();
      text[2][i] = String.valueOf(c.sequence());
      text[3][i] = c.occurredAt().toString();
      numbers[0][i] = plain(c.quantity());
      numbers[1][i] = plain(c.availableQuantity());
      numbers[2][i] = plain(latest.get(i).costBasis());
    }
    return db.sql(
            "insert into holding (owner_id, token_id, sequence, quantity, available_quantity,"
                + " cost_basis, changed_at) select * from unnest(cast(:owner as text[]),"
                + " cast(:token as text[]), cast(:sequence as bigint[]),"
                + " cast(:quantity as numeric[]), cast(:available as numeric[]),"
                + " cast(:cost as numeric[]), cast(:at as timestamptz[]))"
                + " on conflict (owner_id, token_id) do update set"
                + " sequence = excluded.sequence, quantity = excluded.quantity,"
                + " available_quantity = excluded.available_quantity,"
                + " cost_basis = excluded.cost_basis, changed_at = excluded.changed_at"
                + " where holding.sequence <= excluded.sequence")
        .bind("owner", text[0])
        .bind("token", text[1])
        .bind("sequence", text[2])
        .bind("at", text[3])
        .bind("quantity", numbers[0])
        .bind("available", numbers[1])
        .bind("cost", numbers[2])
        .then();
  }

  private static String plain(BigDecimal value) {
    return value == null ? null : value.toPlainString();
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
