package io.equitoken.portfolio.web;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.web.input.CursorPage;
import io.equitoken.platform.web.input.QueryParams;
import io.equitoken.portfolio.holding.TransactionType;
import io.equitoken.portfolio.valuation.Interval;
import io.equitoken.portfolio.valuation.PortfolioQueries;
import io.equitoken.portfolio.valuation.PortfolioReads;
import io.equitoken.portfolio.valuation.PortfolioReads.MovementFilter;
import io.equitoken.portfolio.valuation.PortfolioReads.MovementKey;
import io.equitoken.portfolio.valuation.ValuationHistory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code GET /investor/portfolio}, {@code /investor/transactions} (newest first, a bare array with
 * the next page in {@code Link}) and {@code /investor/valuation-history}.
 */
@RestController
class PortfolioController {

  static final Duration DEFAULT_HISTORY = Duration.ofDays(30);
  static final int MAX_TOKEN_ID_LENGTH = 200;

  private final PortfolioQueries queries;
  private final PortfolioReads reads;
  private final Clock clock;

  PortfolioController(PortfolioQueries queries, PortfolioReads reads, Clock clock) {
    this.queries = queries;
    this.reads = reads;
    this.clock = clock;
  }

  @GetMapping("/investor/portfolio")
  Mono<PortfolioResponses.PortfolioView> portfolio(
      @RequestParam(required = false) String investorId) {
    return Owners.of(investorId).flatMap(queries::portfolio).map(PortfolioResponses::portfolio);
  }

  @GetMapping("/investor/transactions")
  Mono<List<PortfolioResponses.TransactionView>> transactions(
      @RequestParam(required = false) String investorId,
      @RequestParam(required = false) String type,
      @RequestParam(required = false) String tokenId,
      @RequestParam(required = false) String from,
      @RequestParam(required = false) String to,
      @RequestParam(required = false) String limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    TransactionType wanted =
        QueryParams.oneOf(type, "type", TransactionType::parse, TransactionType.allowed());
    String token = QueryParams.text(tokenId, "tokenId", MAX_TOKEN_ID_LENGTH);
    Instant since = QueryParams.instant(from, "from");
    Instant until = QueryParams.instant(to, "to");
    QueryParams.ordered(since, until);
    CursorPage.Request page = CursorPage.request(limit, cursor, 3);
    MovementKey after =
        page.after() == null
            ? null
            : new MovementKey(
                page.after().instant(0), page.after().text(1), page.after().number(2));
    return Owners.of(investorId)
        .flatMap(
            owner ->
                reads
                    .movements(
                        new MovementFilter(
                            owner,
                            wanted == null ? null : wanted.reasons(),
                            wanted == null ? null : wanted.cashReasons(),
                            token,
                            since,
                            until),
                        after,
                        page.fetch())
                    .collectList())
        .map(
            rows ->
                page
                    .answer(
                        rows,
                        exchange,
                        m -> CursorPage.encode(m.occurredAt(), m.sortKey(), m.sequence()))
                    .stream()
                    .map(PortfolioResponses::transaction)
                    .toList());
  }

  @GetMapping("/investor/valuation-history")
  Mono<PortfolioResponses.ValuationHistoryView> valuationHistory(
      @RequestParam(required = false) String investorId,
      @RequestParam(required = false) String from,
      @RequestParam(required = false) String to,
      @RequestParam(required = false) String interval,
      @RequestParam(required = false) String includeCash) {
    boolean withCash = Boolean.TRUE.equals(QueryParams.bool(includeCash, "includeCash"));
    Interval spacing =
        interval == null
            ? Interval.DAY
            : QueryParams.oneOf(interval, "interval", Interval::parse, Interval.allowed());
    Instant until = QueryParams.instant(to, "to");
    Instant since = QueryParams.instant(from, "from");
    if (until == null) {
      until = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    }
    if (since == null) {
      since = until.minus(DEFAULT_HISTORY);
    }
    QueryParams.ordered(since, until);
    if (Duration.between(since, until).compareTo(spacing.maxRange) > 0) {
      throw Refusal.badRequest(
              "range-too-large",
              "With interval="
                  + spacing.wire()
                  + " the range from..to may span at most "
                  + spacing.maxRange.toDays()
                  + " days.")
          .withField("from")
          .with("maxDays", spacing.maxRange.toDays())
          .exception();
    }
    Instant start = since;
    Instant end = until;
    return Owners.of(investorId)
        .flatMap(
            owner ->
                queries
                    .history(owner, start, end, spacing, withCash)
                    .onErrorMap(
                        ValuationHistory.TooManyPoints.class,
                        e ->
                            Refusal.badRequest(
                                    "too-many-points",
                                    "The answer would have more than "
                                        + PortfolioQueries.MAX_POINTS
                                        + " points; narrow from..to or choose a wider interval.")
                                .withField("from")
                                .with("maxPoints", PortfolioQueries.MAX_POINTS)
                                .exception())
                    .map(points -> PortfolioResponses.history(owner, spacing, start, end, points)));
  }
}
