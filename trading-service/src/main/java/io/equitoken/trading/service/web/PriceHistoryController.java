package io.equitoken.trading.service.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.web.input.CursorPage;
import io.equitoken.platform.web.input.QueryParams;
import io.equitoken.trading.service.history.PriceHistory;
import io.equitoken.trading.service.history.PriceWindow;
import io.equitoken.trading.service.market.MarketStore;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code GET /tokens/{tokenId}/price-history}: one element per liquidity window the token traded in
 * (open or closed), newest first, next page in {@code Link}; {@code interval} adds bars. A token
 * the service does not know is {@code 404 token-not-found}, not an empty history.
 */
@RestController
class PriceHistoryController {

  private final PriceHistory history;
  private final MarketStore market;

  PriceHistoryController(PriceHistory history, MarketStore market) {
    this.history = history;
    this.market = market;
  }

  @JsonInclude(JsonInclude.Include.NON_NULL)
  record WindowPrices(
      String windowId,
      Instant opens,
      Instant closes,
      BigDecimal open,
      BigDecimal high,
      BigDecimal low,
      BigDecimal close,
      BigDecimal volume,
      BigDecimal vwap,
      long trades,
      BigDecimal auctionPrice,
      List<PriceWindow.Bar> bars) {}

  @GetMapping("/tokens/{tokenId}/price-history")
  Mono<List<WindowPrices>> history(
      @PathVariable String tokenId,
      @RequestParam(required = false) String from,
      @RequestParam(required = false) String to,
      @RequestParam(required = false) String interval,
      @RequestParam(required = false) String limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    String token = Params.tokenId(tokenId, "tokenId");
    Instant fromTime = QueryParams.instant(from, "from");
    Instant toTime = QueryParams.instant(to, "to");
    Params.range(fromTime, toTime);
    Duration step = Params.interval(interval);
    CursorPage.Request page = CursorPage.request(limit, cursor, 2);
    CursorPage.Key after = page.after();
    Instant before = after == null ? null : after.instant(0);
    UUID beforeWindow = after == null ? null : after.uuid(1);
    return market
        .token(token)
        .switchIfEmpty(
            Mono.error(
                () -> Refusal.notFound("token-not-found", "No token with id " + token).exception()))
        .then(
            Mono.defer(
                () ->
                    history.page(
                        token, fromTime, toTime, before, beforeWindow, page.fetch(), step)))
        .map(
            rows -> {
              return page
                  .answer(rows, exchange, w -> CursorPage.encode(w.opens(), w.windowId()))
                  .stream()
                  .map(
                      w ->
                          new WindowPrices(
                              w.windowId().toString(),
                              w.opens(),
                              w.closes(),
                              w.open(),
                              w.high(),
                              w.low(),
                              w.close(),
                              w.volume(),
                              w.vwap(),
                              w.trades(),
                              w.auctionPrice(),
                              w.bars()))
                  .toList();
            });
  }
}
