package io.equitoken.trading.service.persistence;

import io.equitoken.platform.events.UnnestRows;
import io.equitoken.trading.service.cash.CashEntry;
import io.equitoken.trading.service.order.Order;
import io.equitoken.trading.service.order.OrderProjection;
import io.equitoken.trading.service.order.OrderStatus;
import io.equitoken.trading.service.order.OrderStore;
import io.r2dbc.spi.Readable;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

@Component
class R2dbcOrderStore implements OrderStore {

  private static final String NOT_FINAL =
      "status not in ('filled', 'cancelled', 'expired', 'rejected')";

  private final DatabaseClient db;

  R2dbcOrderStore(DatabaseClient db) {
    this.db = db;
  }

  private static final String ORDER_COLUMNS =
      "id, owner_id, token_id, side, quantity, limit_price, window_id, status, filled_quantity,"
          + " remaining_quantity, created_at, updated_at";

  /**
   * The order's values, named apart from {@link CashEntrySql}'s where both are bound to one
   * statement ({@code :owner}, {@code :orderId} and {@code :tokenId} are the same there).
   */
  private static final String ORDER_VALUES =
      ":orderId, :owner, :tokenId, :side, :orderQuantity, :limitPrice, :window, :status, :filled,"
          + " :remaining, :created, :updated";

  /** The order's insert unless its owner has {@code :max} orders of the token not final. */
  private static final String INSERT_WITHIN_OPEN_CAP =
      "insert into trade_order ("
          + ORDER_COLUMNS
          + ") select "
          + ORDER_VALUES
          + " where (select count(*) from (select 1 from trade_order where owner_id = :owner and"
          + " token_id = :tokenId and status in ('pending', 'open', 'partially_filled') limit"
          + " :max) open) < :max";

  /**
   * The capped insert and, only where it inserted the order, the buy's reservation ({@link
   * CashEntrySql}): one row, whether the order was inserted, and the reservation's entry (nulls
   * where the available cash did not cover it).
   */
  private static final String INSERT_FUNDED_WITHIN_OPEN_CAP =
      "with o as ("
          + INSERT_WITHIN_OPEN_CAP
          + " returning id), a as ("
          + CashEntrySql.MOVE_ACCOUNT
          + " and exists (select 1 from o)"
          + CashEntrySql.ACCOUNT_RETURNING
          + "), r as ("
          + CashEntrySql.RESERVATION_FROM_ACCOUNT
          + "), e as ("
          + CashEntrySql.ENTRY_FROM_ACCOUNT
          + ") select (select count(*) from o) as inserted, e.sequence, e.balance_after,"
          + " e.reserved_after from (select 1) one left join e on true";

  @Override
  public Mono<Void> insert(Order o) {
    return bindOrder(
            db.sql("insert into trade_order (" + ORDER_COLUMNS + ") values (" + ORDER_VALUES + ")"),
            o)
        .fetch()
        .rowsUpdated()
        .then();
  }

  @Override
  public Mono<Boolean> insertWithinOpenCap(Order o, int maxOpen) {
    return bindOrder(db.sql(INSERT_WITHIN_OPEN_CAP), o)
        .bind("max", maxOpen)
        .fetch()
        .rowsUpdated()
        .map(rows -> rows == 1);
  }

  @Override
  public Mono<Funded> insertFundedWithinOpenCap(Order o, int maxOpen, CashEntry.Draft reservation) {
    if (!o.id().equals(reservation.refs().orderId())
        || !o.ownerId().equals(reservation.ownerId())
        || !o.tokenId().equals(reservation.refs().tokenId())) {
      throw new IllegalArgumentException("Expected the reservation of the order's owner for it");
    }
    return bindOrder(CashEntrySql.bind(db.sql(INSERT_FUNDED_WITHIN_OPEN_CAP), reservation), o)
        .bind("max", maxOpen)
        .map(
            row ->
                new Funded(
                    row.get("inserted", Long.class) == 1,
                    row.get("sequence") == null
                        ? Optional.empty()
                        : Optional.of(CashEntrySql.entry(row, reservation))))
        .one();
  }

  private static DatabaseClient.GenericExecuteSpec bindOrder(
      DatabaseClient.GenericExecuteSpec spec, Order o) {
    return spec.bind("orderId", o.id())
        .bind("owner", o.ownerId())
        .bind("tokenId", o.tokenId())
        .bind("side", o.side())
        .bind("orderQuantity", o.quantity())
        .bind("limitPrice", o.limitPrice())
        .bind("window", o.windowId())
        .bind("status", o.status().wire())
        .bind("filled", o.filledQuantity())
        .bind("remaining", o.remainingQuantity())
        .bind("created", o.createdAt())
        .bind("updated", o.updatedAt());
  }

  @Override
  public Mono<Order> find(UUID id) {
    return db.sql("select * from trade_order where id = :id")
        .bind("id", id)
        .map(R2dbcOrderStore::order)
        .one()
        .flatMap(
            o ->
                db.sql(
                        "select trade_id, price, quantity, executed_at from order_fill"
                            + " where order_id = :id order by executed_at, trade_id")
                    .bind("id", id)
                    .map(
                        row ->
                            new Order.Fill(
                                row.get("trade_id", String.class),
                                row.get("price", BigDecimal.class),
                                row.get("quantity", BigDecimal.class),
                                row.get("executed_at", Instant.class)))
                    .all()
                    .collectList()
                    .map(o::withFills));
  }

  @Override
  public Flux<Order> page(
      String ownerId,
      OrderStatus status,
      String tokenId,
      Instant afterCreated,
      UUID afterId,
      int limit) {
    // One query for the page and its fills: the page's orders joined to their fills, one row per
    // fill (or one row with null fill columns), grouped back into orders below.
    StringBuilder sql =
        new StringBuilder("with page as (select * from trade_order where owner_id = :owner");
    if (status != null) {
      sql.append(" and status = :status");
    }
    if (tokenId != null) {
      sql.append(" and token_id = :token");
    }
    if (afterCreated != null) {
      sql.append(" and (created_at, id) < (:afterCreated, :afterId)");
    }
    sql.append(" order by created_at desc, id desc limit :limit)")
        .append(" select p.*, f.trade_id as fill_trade_id, f.price as fill_price,")
        .append(" f.quantity as fill_quantity, f.executed_at as fill_executed_at")
        .append(" from page p left join order_fill f on f.order_id = p.id")
        .append(" order by p.created_at desc, p.id desc, f.executed_at, f.trade_id");
    var spec = db.sql(sql.toString()).bind("owner", ownerId).bind("limit", limit);
    if (status != null) {
      spec = spec.bind("status", status.wire());
    }
    if (tokenId != null) {
      spec = spec.bind("token", tokenId);
    }
    if (afterCreated != null) {
      spec = spec.bind("afterCreated", afterCreated).bind("afterId", afterId);
    }
    return spec.map(PageRow::of)
        .all()
        .bufferUntilChanged(row -> row.order().id())
        .map(
            rows ->
                rows.get(0)
                    .order()
                    .withFills(rows.stream().map(PageRow::fill).filter(Objects::nonNull).toList()));
  }

  /** One row of {@link #page}: an order and one of its fills, or no fill. */
  private record PageRow(Order order, Order.Fill fill) {
    static PageRow of(Readable row) {
      String tradeId = row.get("fill_trade_id", String.class);
      return new PageRow(
          R2dbcOrderStore.order(row),
          tradeId == null
              ? null
              : new Order.Fill(
                  tradeId,
                  row.get("fill_price", BigDecimal.class),
                  row.get("fill_quantity", BigDecimal.class),
                  row.get("fill_executed_at", Instant.class)));
    }
  }

  @Override
  public Mono<Void> cancelRequested(UUID id, Instant at) {
    return db.sql(
            "update trade_order set cancel_requested_at = coalesce(cancel_requested_at, :at)"
                + " where id = :id")
        .bind("id", id)
        .bind("at", at)
        .fetch()
        .rowsUpdated()
        .then();
  }

  @Override
  public Flux<Order> requestCancelOfOpen(String tokenId, String ownerId, Instant at) {
    var spec =
        db.sql(
            "update trade_order set cancel_requested_at = coalesce(cancel_requested_at, :at)"
                + " where status in ('pending', 'open', 'partially_filled')"
                + " and (cast(:token as text) is null or token_id = :token)"
                + " and (cast(:owner as text) is null or owner_id = :owner) returning *");
    spec = Sql.bind(spec, "token", tokenId, String.class);
    spec = Sql.bind(spec, "owner", ownerId, String.class);
    return spec.bind("at", at)
        .map(R2dbcOrderStore::order)
        .all()
        .sort(java.util.Comparator.comparing(Order::createdAt).thenComparing(Order::id));
  }

  private static final UnnestRows<OrderProjection.Accepted> ACCEPTED =
      UnnestRows.<OrderProjection.Accepted>as("u")
          .column("id", "uuid", OrderProjection.Accepted::orderId)
          .column("at", "timestamptz", OrderProjection.Accepted::at);

  @Override
  public Mono<Void> accepted(List<OrderProjection.Accepted> accepted) {
    var update =
        db.sql(
            "update trade_order o set status = 'open', updated_at = u.at from "
                + ACCEPTED.clause()
                + " where o.id = u.id and o.status = 'pending'");
    return ACCEPTED.bind(update, accepted).fetch().rowsUpdated().then();
  }

  private static final UnnestRows<NewFill> FILLS =
      UnnestRows.<NewFill>as("u")
          .column("order_id", "uuid", f -> f.filled().orderId())
          .column("trade_id", "text", f -> f.filled().fill().tradeId())
          .column("price", "numeric", f -> f.filled().fill().price())
          .column("quantity", "numeric", f -> f.filled().fill().quantity())
          .column("executed_at", "timestamptz", f -> f.filled().fill().executedAt())
          .column("status", "text", f -> f.filled().status().wire())
          .column("filled", "numeric", f -> f.filled().filledQuantity())
          .column("remaining", "numeric", f -> f.filled().remainingQuantity())
          .column("avg", "numeric", f -> f.filled().averagePrice())
          .column("moves", "boolean", NewFill::moves);

  @Override
  public Mono<Void> filled(List<NewFill> fills) {
    // one statement: each fill once per trade id, and each order moved only by a fill new to it,
    // to the figures one at a time would leave (the largest filled quantity, the last of equals)
    var update =
        db.sql(
            "with u as (select * from "
                + FILLS.clauseWithOrdinality("ord")
                + "),"
                + " f as (insert into order_fill (order_id, trade_id, price, quantity,"
                + " executed_at) select u.order_id, u.trade_id, u.price, u.quantity, u.executed_at"
                + " from u where exists (select 1 from trade_order o where o.id = u.order_id)"
                + " on conflict do nothing returning order_id, trade_id),"
                + " latest as (select distinct on (u.order_id) u.* from u join f"
                + " on f.order_id = u.order_id and f.trade_id = u.trade_id where u.moves"
                + " order by u.order_id, u.filled desc, u.ord desc)"
                + " update trade_order o set status = l.status, filled_quantity = l.filled,"
                + " remaining_quantity = l.remaining, average_price = l.avg,"
                + " updated_at = l.executed_at from latest l where o.id = l.order_id"
                + " and o.filled_quantity <= l.filled and o."
                + NOT_FINAL);
    return FILLS.bind(update, fills).fetch().rowsUpdated().then();
  }

  private static final UnnestRows<OrderProjection.Ended> ENDED =
      UnnestRows.<OrderProjection.Ended>as("u")
          .column("id", "uuid", OrderProjection.Ended::orderId)
          .column("status", "text", e -> e.status().wire())
          .column("filled", "numeric", OrderProjection.Ended::filledQuantity)
          .column("remaining", "numeric", OrderProjection.Ended::remainingQuantity)
          .column("code", "text", OrderProjection.Ended::reasonCode)
          .column("detail", "text", OrderProjection.Ended::reasonDetail)
          .column("at", "timestamptz", OrderProjection.Ended::at);

  @Override
  public Mono<Void> ended(List<OrderProjection.Ended> ended) {
    // a rejection keeps the order's figures and carries a detail; a cancel or an expiry sets the
    // figures (the filled quantity never going back) and clears nothing else
    var update =
        db.sql(
            "update trade_order o set status = u.status,"
                + " filled_quantity = case when u.status = 'rejected' then o.filled_quantity"
                + " else greatest(o.filled_quantity, u.filled) end,"
                + " remaining_quantity = case when u.status = 'rejected'"
                + " then o.remaining_quantity else u.remaining end, reason_code = u.code,"
                + " reason_detail = case when u.status = 'rejected' then u.detail"
                + " else o.reason_detail end, updated_at = u.at from "
                + ENDED.clause()
                + " where o.id = u.id and o."
                + NOT_FINAL);
    return ENDED.bind(update, ended).fetch().rowsUpdated().then();
  }

  private static Order order(Readable row) {
    return new Order(
        row.get("id", UUID.class),
        row.get("owner_id", String.class),
        row.get("token_id", String.class),
        row.get("side", String.class),
        row.get("quantity", BigDecimal.class),
        row.get("limit_price", BigDecimal.class),
        row.get("window_id", UUID.class),
        OrderStatus.parse(row.get("status", String.class)).orElseThrow(),
        row.get("filled_quantity", BigDecimal.class),
        row.get("remaining_quantity", BigDecimal.class),
        row.get("average_price", BigDecimal.class),
        row.get("reason_code", String.class),
        row.get("reason_detail", String.class),
        row.get("cancel_requested_at", Instant.class),
        row.get("created_at", Instant.class),
        row.get("updated_at", Instant.class),
        null);
  }
}
