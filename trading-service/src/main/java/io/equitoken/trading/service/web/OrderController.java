package io.equitoken.trading.service.web;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.Roles;
import io.equitoken.platform.web.idempotency.Idempotency;
import io.equitoken.platform.web.input.CursorPage;
import io.equitoken.platform.web.input.QueryParams;
import io.equitoken.trading.service.cash.CashLedger;
import io.equitoken.trading.service.cash.Reservation;
import io.equitoken.trading.service.order.Order;
import io.equitoken.trading.service.order.OrderRequest;
import io.equitoken.trading.service.order.OrderService;
import io.equitoken.trading.service.order.OrderStatus;
import io.equitoken.trading.service.order.OrderStore;
import io.equitoken.trading.service.order.Trader;
import jakarta.validation.Valid;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code POST /trade} (202, {@code Idempotency-Key}), {@code GET /trade/status/{tradeId}} (owner or
 * operator; others 404), {@code DELETE /trade/{tradeId}} (202 while cancellable, 409 once final),
 * {@code GET /trade} (the caller's own orders, newest first, next page in {@code Link}).
 */
@RestController
class OrderController {

  private final OrderService service;
  private final OrderStore store;
  private final Idempotency idempotency;
  private final CashLedger cash;

  OrderController(
      OrderService service, OrderStore store, Idempotency idempotency, CashLedger cash) {
    this.service = service;
    this.store = store;
    this.idempotency = idempotency;
    this.cash = cash;
  }

  @PostMapping("/trade")
  Mono<ResponseEntity<OrderDtos.Accepted>> place(
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @Valid @RequestBody OrderDtos.PlaceOrder body) {
    OrderRequest request =
        new OrderRequest(body.tokenId(), body.type(), body.quantity(), body.maxPrice());
    return idempotency.once(
        "POST /trade",
        key,
        body,
        OrderDtos.Accepted.class,
        () ->
            trader()
                .flatMap(t -> service.place(t, request))
                .map(
                    p ->
                        accepted(p.order(), Optional.ofNullable(p.reservation()).map(this::cash))));
  }

  /** {@code POST /trade/check}: what {@code POST /trade} would answer, placing nothing. */
  @PostMapping("/trade/check")
  Mono<OrderDtos.CheckResult> check(@Valid @RequestBody OrderDtos.PlaceOrder body) {
    OrderRequest request =
        new OrderRequest(body.tokenId(), body.type(), body.quantity(), body.maxPrice());
    return trader().flatMap(t -> service.check(t, request)).map(OrderDtos::checkResult);
  }

  @GetMapping("/trade/status/{tradeId}")
  Mono<OrderDtos.Status> status(@PathVariable String tradeId) {
    return trader()
        .flatMap(
            t ->
                Mono.justOrEmpty(Params.uuid(tradeId))
                    .switchIfEmpty(Mono.error(() -> notFound(tradeId)))
                    .flatMap(id -> service.get(t, id)))
        .flatMap(o -> orderCash(o).map(c -> OrderDtos.status(o, c.orElse(null))));
  }

  @DeleteMapping("/trade/{tradeId}")
  Mono<ResponseEntity<OrderDtos.Accepted>> cancel(@PathVariable String tradeId) {
    return trader()
        .flatMap(
            t ->
                Mono.justOrEmpty(Params.uuid(tradeId))
                    .switchIfEmpty(Mono.error(() -> notFound(tradeId)))
                    .flatMap(id -> service.cancel(t, id)))
        .flatMap(o -> orderCash(o).map(c -> accepted(o, c)));
  }

  @GetMapping("/trade")
  Mono<List<OrderDtos.Status>> mine(
      @RequestParam(required = false) String status,
      @RequestParam(required = false) String tokenId,
      @RequestParam(required = false) String limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    OrderStatus wanted =
        QueryParams.oneOf(status, "status", OrderStatus::parse, OrderStatus.allowed());
    String token = Params.tokenId(tokenId, "tokenId");
    CursorPage.Request request = CursorPage.request(limit, cursor, 2);
    CursorPage.Key after = request.after();
    Instant afterCreated = after == null ? null : after.instant(0);
    UUID afterId = after == null ? null : after.uuid(1);
    return trader()
        .flatMap(
            t ->
                store
                    .page(t.principalId(), wanted, token, afterCreated, afterId, request.fetch())
                    .collectList())
        .flatMap(
            rows -> {
              List<Order> page =
                  request.answer(rows, exchange, o -> CursorPage.encode(o.createdAt(), o.id()));
              return cash.reservations(
                      page.stream().filter(o -> "buy".equals(o.side())).map(Order::id).toList())
                  .map(
                      held ->
                          page.stream()
                              .map(
                                  o ->
                                      OrderDtos.status(
                                          o,
                                          held.containsKey(o.id())
                                              ? CashDtos.orderCash(cash.money(), held.get(o.id()))
                                              : null))
                              .toList());
            });
  }

  private static ResponseEntity<OrderDtos.Accepted> accepted(
      Order o, Optional<CashDtos.OrderCash> cash) {
    return ResponseEntity.status(HttpStatus.ACCEPTED)
        .header("Location", "/trade/status/" + o.id())
        .body(OrderDtos.accepted(o, cash.orElse(null)));
  }

  private CashDtos.OrderCash cash(Reservation r) {
    return CashDtos.orderCash(cash.money(), r);
  }

  /** A buy order's reservation, as the order's answers show it. */
  private Mono<Optional<CashDtos.OrderCash>> orderCash(Order o) {
    if (!"buy".equals(o.side())) {
      return Mono.just(Optional.empty());
    }
    return cash.reservation(o.id()).map(r -> Optional.of(cash(r))).defaultIfEmpty(Optional.empty());
  }

  private static Mono<Trader> trader() {
    return Caller.current()
        .map(
            c ->
                new Trader(
                    c.principalId(),
                    c.hasRole(Roles.INVESTOR),
                    c.hasRole(Roles.FOUNDER),
                    c.isOperator()));
  }

  private static RefusedException notFound(String id) {
    return Refusal.notFound("order-not-found", "No order with id " + id).exception();
  }
}
