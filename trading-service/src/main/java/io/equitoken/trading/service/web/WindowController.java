package io.equitoken.trading.service.web;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.idempotency.Idempotency;
import io.equitoken.platform.web.input.CursorPage;
import io.equitoken.platform.web.input.QueryParams;
import io.equitoken.trading.service.window.LiquidityWindow;
import io.equitoken.trading.service.window.Mechanism;
import io.equitoken.trading.service.window.WindowFilter;
import io.equitoken.trading.service.window.WindowRequest;
import io.equitoken.trading.service.window.WindowService;
import io.equitoken.trading.service.window.WindowStatus;
import io.equitoken.trading.service.window.WindowStore;
import jakarta.validation.Valid;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
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
 * {@code /liquidity/windows}: list (a bare array by {@code opens}, next page in {@code Link}), one,
 * schedule (operators, {@code Idempotency-Key}) and cancel while scheduled ({@code POST
 * /liquidity/windows/{id}/cancel}).
 */
@RestController
class WindowController {

  private final WindowService service;
  private final WindowStore store;
  private final Idempotency idempotency;

  WindowController(WindowService service, WindowStore store, Idempotency idempotency) {
    this.service = service;
    this.store = store;
    this.idempotency = idempotency;
  }

  @GetMapping("/liquidity/windows")
  Mono<List<WindowDtos.Window>> list(
      @RequestParam(required = false) String status,
      @RequestParam(required = false) String tokenId,
      @RequestParam(required = false) String from,
      @RequestParam(required = false) String to,
      @RequestParam(required = false) String limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    Instant fromTime = QueryParams.instant(from, "from");
    Instant toTime = QueryParams.instant(to, "to");
    Params.range(fromTime, toTime);
    WindowFilter filter =
        new WindowFilter(
            QueryParams.oneOf(status, "status", WindowStatus::parse, WindowStatus.allowed()),
            Params.tokenId(tokenId, "tokenId"),
            fromTime,
            toTime);
    CursorPage.Request page = CursorPage.request(limit, cursor, 2);
    CursorPage.Key after = page.after();
    Instant afterOpens = after == null ? null : after.instant(0);
    UUID afterId = after == null ? null : after.uuid(1);
    return store
        .page(filter, afterOpens, afterId, page.fetch())
        .collectList()
        .flatMap(
            rows ->
                Flux.fromIterable(
                        page.answer(rows, exchange, w -> CursorPage.encode(w.opens(), w.id())))
                    .concatMap(w -> view(w, filter.tokenId()))
                    .collectList());
  }

  @GetMapping("/liquidity/windows/{id}")
  Mono<WindowDtos.Window> one(
      @PathVariable String id, @RequestParam(required = false) String tokenId) {
    String token = Params.tokenId(tokenId, "tokenId");
    return Mono.justOrEmpty(Params.uuid(id))
        .flatMap(service::get)
        .switchIfEmpty(Mono.error(() -> notFound(id)))
        .flatMap(w -> view(w, token));
  }

  @PostMapping("/liquidity/windows")
  Mono<ResponseEntity<WindowDtos.Window>> schedule(
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @Valid @RequestBody WindowDtos.ScheduleWindow body) {
    WindowRequest request =
        new WindowRequest(
            body.tokenIds(),
            mechanism(body.mechanism()),
            body.opens(),
            body.closes(),
            body.callPhaseStarts(),
            body.priceBand());
    return idempotency.once(
        "POST /liquidity/windows",
        key,
        body,
        WindowDtos.Window.class,
        () ->
            Caller.current()
                .flatMap(caller -> service.schedule(caller.principalId(), request))
                .flatMap(w -> view(w, null))
                .map(
                    w ->
                        ResponseEntity.status(HttpStatus.CREATED)
                            .header("Location", "/liquidity/windows/" + w.id())
                            .body(w)));
  }

  @PostMapping("/liquidity/windows/{id}/cancel")
  Mono<WindowDtos.Window> cancel(
      @PathVariable String id, @Valid @RequestBody(required = false) WindowDtos.CancelWindow body) {
    String reason = body == null ? null : body.reason();
    return Mono.justOrEmpty(Params.uuid(id))
        .switchIfEmpty(Mono.error(() -> notFound(id)))
        .flatMap(
            uuid -> Caller.current().flatMap(c -> service.cancel(uuid, reason, c.principalId())))
        .flatMap(w -> view(w, null));
  }

  private Mono<WindowDtos.Window> view(LiquidityWindow w, String tokenId) {
    return store.indicative(w.id()).collectList().map(i -> WindowDtos.of(w, i, tokenId));
  }

  private static RefusedException notFound(String id) {
    return Refusal.notFound("window-not-found", "No window with id " + id).exception();
  }

  /** The body's {@code mechanism}: absent, or one of its values ({@code 400 validation-failed}). */
  private static Mechanism mechanism(String value) {
    if (value == null) {
      return null;
    }
    return Mechanism.parse(value)
        .orElseThrow(
            () ->
                Refusal.invalidMember(
                        "mechanism", "must be one of " + String.join(", ", Mechanism.allowed()))
                    .with("allowed", Mechanism.allowed())
                    .exception());
  }
}
