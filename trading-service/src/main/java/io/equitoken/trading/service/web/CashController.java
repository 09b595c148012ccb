package io.equitoken.trading.service.web;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.idempotency.Idempotency;
import io.equitoken.platform.web.input.CursorPage;
import io.equitoken.platform.web.input.QueryParams;
import io.equitoken.trading.service.cash.CashKind;
import io.equitoken.trading.service.cash.CashLedger;
import io.equitoken.trading.service.cash.CashStore;
import io.equitoken.trading.service.cash.Money;
import io.equitoken.trading.service.cash.Withdrawal;
import jakarta.validation.Valid;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The cash API (docs/services/trading-service.md, "Money"): an owner's account and transactions,
 * deposits and withdrawal settlement by an operator (the payments integration uses an operator
 * key), withdrawals requested by their owner, corrections and the ledger's books for operators.
 * Another principal's account, deposit or withdrawal is a 404, as if absent.
 */
@RestController
class CashController {

  private final CashLedger ledger;
  private final CashStore store;
  private final Idempotency idempotency;
  private final Clock clock;

  CashController(CashLedger ledger, CashStore store, Idempotency idempotency, Clock clock) {
    this.ledger = ledger;
    this.store = store;
    this.idempotency = idempotency;
    this.clock = clock;
  }

  // ---- accounts -------------------------------------------------------------------------------

  @GetMapping("/cash/account")
  Mono<CashDtos.Account> mine() {
    return Caller.current()
        .flatMap(c -> ledger.account(c.principalId()))
        .map(a -> CashDtos.account(money(), a));
  }

  @GetMapping("/cash/accounts")
  Mono<List<CashDtos.Account>> accounts(
      @RequestParam(required = false) String limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    CursorPage.Request request = CursorPage.request(limit, cursor, 1);
    String after = request.after() == null ? null : request.after().text(0);
    return page(
        store.accounts(after, request.fetch()),
        request,
        exchange,
        a -> CursorPage.encode(a.ownerId()),
        a -> CashDtos.account(money(), a));
  }

  @GetMapping("/cash/accounts/{ownerId}")
  Mono<CashDtos.Account> account(@PathVariable String ownerId) {
    return visible(ownerId)
        .flatMap(o -> store.account(o))
        .switchIfEmpty(Mono.error(() -> accountNotFound(ownerId)))
        .map(a -> CashDtos.account(money(), a));
  }

  @GetMapping("/cash/accounts/{ownerId}/transactions")
  Mono<List<CashDtos.Transaction>> accountTransactions(
      @PathVariable String ownerId,
      @RequestParam(required = false) String type,
      @RequestParam(required = false) String limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    return visible(ownerId)
        .switchIfEmpty(Mono.error(() -> accountNotFound(ownerId)))
        .flatMap(o -> transactions(o, type, limit, cursor, exchange));
  }

  /** The caller's own ledger lines, newest first: deposits, withdrawals, buys, sells, fees. */
  @GetMapping("/cash/transactions")
  Mono<List<CashDtos.Transaction>> myTransactions(
      @RequestParam(required = false) String type,
      @RequestParam(required = false) String limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    return Caller.current()
        .flatMap(c -> transactions(c.principalId(), type, limit, cursor, exchange));
  }

  private Mono<List<CashDtos.Transaction>> transactions(
      String ownerId, String type, String limit, String cursor, ServerWebExchange exchange) {
    CashKind kind =
        QueryParams.oneOf(
            type,
            "type",
            t -> CashKind.allowed().contains(t) ? Optional.of(CashKind.parse(t)) : Optional.empty(),
            CashKind.allowed());
    CursorPage.Request request = CursorPage.request(limit, cursor, 1);
    Long before = request.after() == null ? null : request.after().number(0);
    return page(
        store.entries(ownerId, before, kind, request.fetch()),
        request,
        exchange,
        e -> CursorPage.encode(e.sequence()),
        e -> CashDtos.transaction(money(), e));
  }

  @GetMapping("/cash/summary")
  Mono<CashDtos.Summary> summary() {
    return store.totals().map(t -> CashDtos.summary(money(), t));
  }

  // ---- deposits -------------------------------------------------------------------------------

  /**
   * 201 with the new deposit; 200 with the first one when its external reference was recorded
   * before for the same owner and amount (a retry of the payments side); 409 otherwise.
   */
  @PostMapping("/cash/deposits")
  Mono<ResponseEntity<CashDtos.DepositView>> deposit(
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @Valid @RequestBody CashDtos.RecordDeposit body) {
    return idempotency.once(
        "POST /cash/deposits",
        key,
        body,
        CashDtos.DepositView.class,
        () ->
            Caller.current()
                .flatMap(
                    c -> {
                      String owner = ownerId(body.ownerId(), "ownerId");
                      currency(body.currency());
                      String reference = text(body.externalReference(), "externalReference", 200);
                      return ledger.deposit(
                          c.principalId(), owner, body.amount(), reference, now());
                    })
                .map(
                    r ->
                        ResponseEntity.status(r.created() ? HttpStatus.CREATED : HttpStatus.OK)
                            .header("Location", "/cash/deposits/" + r.deposit().id())
                            .body(CashDtos.deposit(money(), r.deposit()))));
  }

  @GetMapping("/cash/deposits/{depositId}")
  Mono<CashDtos.DepositView> depositById(@PathVariable String depositId) {
    return Mono.justOrEmpty(Params.uuid(depositId))
        .flatMap(store::deposit)
        .filterWhen(d -> mayRead(d.ownerId()))
        .switchIfEmpty(
            Mono.error(
                () ->
                    Refusal.notFound("deposit-not-found", "No deposit with id " + depositId)
                        .exception()))
        .map(d -> CashDtos.deposit(money(), d));
  }

  // ---- withdrawals ----------------------------------------------------------------------------

  /**
   * 201: the amount is reserved at once; 422 {@code insufficient-funds} beyond what is available.
   */
  @PostMapping("/cash/withdrawals")
  Mono<ResponseEntity<CashDtos.WithdrawalView>> withdraw(
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @Valid @RequestBody CashDtos.RequestWithdrawal body) {
    return idempotency.once(
        "POST /cash/withdrawals",
        key,
        body,
        CashDtos.WithdrawalView.class,
        () ->
            Caller.current()
                .flatMap(
                    c -> {
                      currency(body.currency());
                      return ledger.requestWithdrawal(c.principalId(), body.amount(), now());
                    })
                .map(w -> created("/cash/withdrawals/" + w.id(), CashDtos.withdrawal(money(), w))));
  }

  /**
   * The caller's withdrawals; an operator's list covers every owner ({@code ownerId} narrows it).
   */
  @GetMapping("/cash/withdrawals")
  Mono<List<CashDtos.WithdrawalView>> withdrawals(
      @RequestParam(required = false) String ownerId,
      @RequestParam(required = false) String status,
      @RequestParam(required = false) String limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    Withdrawal.Status wanted =
        QueryParams.oneOf(
            status,
            "status",
            s ->
                Withdrawal.Status.allowed().contains(s)
                    ? Optional.of(Withdrawal.Status.parse(s))
                    : Optional.empty(),
            Withdrawal.Status.allowed());
    String owner = QueryParams.text(ownerId, "ownerId", 100);
    CursorPage.Request request = CursorPage.request(limit, cursor, 2);
    CursorPage.Key after = request.after();
    Instant beforeAt = after == null ? null : after.instant(0);
    UUID beforeId = after == null ? null : after.uuid(1);
    return Caller.current()
        .flatMap(
            c ->
                page(
                    store.withdrawals(
                        c.isOperator() ? owner : c.principalId(),
                        wanted,
                        beforeAt,
                        beforeId,
                        request.fetch()),
                    request,
                    exchange,
                    w -> CursorPage.encode(w.requestedAt(), w.id()),
                    w -> CashDtos.withdrawal(money(), w)));
  }

  @GetMapping("/cash/withdrawals/{withdrawalId}")
  Mono<CashDtos.WithdrawalView> withdrawal(@PathVariable String withdrawalId) {
    return Mono.justOrEmpty(Params.uuid(withdrawalId))
        .flatMap(store::withdrawal)
        .filterWhen(w -> mayRead(w.ownerId()))
        .switchIfEmpty(Mono.error(() -> CashLedger.withdrawalNotFound(withdrawalId)))
        .map(w -> CashDtos.withdrawal(money(), w));
  }

  /** {@code requested → paid} (operator, i.e. the payments integration); 409 once final. */
  @PostMapping("/cash/withdrawals/{withdrawalId}/paid")
  Mono<ResponseEntity<CashDtos.WithdrawalView>> paid(
      @PathVariable String withdrawalId,
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @Valid @RequestBody CashDtos.MarkPaid body) {
    UUID id =
        Params.uuid(withdrawalId).orElseThrow(() -> CashLedger.withdrawalNotFound(withdrawalId));
    return idempotency.once(
        "POST /cash/withdrawals/" + id + "/paid",
        key,
        body,
        CashDtos.WithdrawalView.class,
        () ->
            Caller.current()
                .flatMap(
                    c ->
                        ledger.markPaid(
                            id,
                            c.principalId(),
                            text(body.externalReference(), "externalReference", 200),
                            now()))
                .map(w -> ResponseEntity.ok(CashDtos.withdrawal(money(), w))));
  }

  /** {@code requested → failed}: the reservation is released; 409 once final. */
  @PostMapping("/cash/withdrawals/{withdrawalId}/failed")
  Mono<ResponseEntity<CashDtos.WithdrawalView>> failed(
      @PathVariable String withdrawalId,
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @Valid @RequestBody CashDtos.MarkFailed body) {
    UUID id =
        Params.uuid(withdrawalId).orElseThrow(() -> CashLedger.withdrawalNotFound(withdrawalId));
    return idempotency.once(
        "POST /cash/withdrawals/" + id + "/failed",
        key,
        body,
        CashDtos.WithdrawalView.class,
        () ->
            Caller.current()
                .flatMap(
                    c ->
                        ledger.markFailed(
                            id, c.principalId(), text(body.reason(), "reason", 500), now()))
                .map(w -> ResponseEntity.ok(CashDtos.withdrawal(money(), w))));
  }

  // ---- corrections ----------------------------------------------------------------------------

  /** An operator's audited correction (signed amount, reason); 201 with the ledger line. */
  @PostMapping("/cash/adjustments")
  Mono<ResponseEntity<CashDtos.Transaction>> adjust(
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @Valid @RequestBody CashDtos.Adjust body) {
    return idempotency.once(
        "POST /cash/adjustments",
        key,
        body,
        CashDtos.Transaction.class,
        () ->
            Caller.current()
                .flatMap(
                    c -> {
                      String owner = ownerId(body.ownerId(), "ownerId");
                      currency(body.currency());
                      String reason = text(body.reason(), "reason", 500);
                      return ledger.adjust(c.principalId(), owner, body.amount(), reason, now());
                    })
                .map(
                    e ->
                        created(
                            "/cash/accounts/" + e.ownerId() + "/transactions",
                            CashDtos.transaction(money(), e))));
  }

  // ---- helpers --------------------------------------------------------------------------------

  private Money money() {
    return ledger.money();
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }

  /** The owner id if the caller may read that account (its owner, or an operator). */
  private Mono<String> visible(String ownerId) {
    return mayRead(ownerId).filter(Boolean::booleanValue).map(ok -> ownerId);
  }

  private static Mono<Boolean> mayRead(String ownerId) {
    return Caller.current().map(c -> c.isOperator() || c.principalId().equals(ownerId));
  }

  private static <T, V> Mono<List<V>> page(
      Flux<T> rows,
      CursorPage.Request request,
      ServerWebExchange exchange,
      Function<T, String> cursorOf,
      Function<T, V> view) {
    return rows.collectList()
        .map(list -> request.answer(list, exchange, cursorOf).stream().map(view).toList());
  }

  private static <T> ResponseEntity<T> created(String location, T body) {
    return ResponseEntity.status(HttpStatus.CREATED).header("Location", location).body(body);
  }

  private void currency(String currency) {
    if (currency != null && !currency.equals(money().currency())) {
      throw Refusal.unprocessable(
              "unsupported-currency",
              "Expected currency " + money().currency() + ", the platform's settlement currency")
          .withField("currency")
          .with("currency", money().currency())
          .exception();
    }
  }

  private static String ownerId(String value, String field) {
    return text(value, field, 100);
  }

  private static String text(String value, String field, int max) {
    if (value == null || value.isBlank() || value.length() > max) {
      throw Refusal.invalidMember(field, "must be a text of 1 to " + max + " characters")
          .exception();
    }
    return value;
  }

  private static io.equitoken.platform.core.RefusedException accountNotFound(String ownerId) {
    return Refusal.notFound("account-not-found", "No cash account of " + ownerId).exception();
  }
}
