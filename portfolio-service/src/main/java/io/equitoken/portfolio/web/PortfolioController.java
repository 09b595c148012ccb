package io.equitoken.portfolio.web;

import io.equitoken.platform.web.Cursors;
import io.equitoken.platform.web.ProblemException;
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
import java.util.Optional;
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
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    TransactionType wanted =
        QueryInput.oneOf(type, "type", TransactionType::parse, TransactionType.allowed());
    String token = QueryInput.tokenId(tokenId);
    Instant since = QueryInput.instant(from, "from");
    Instant until = QueryInput.instant(to, "to");
    QueryInput.ordered(since, until);
    int pageSize = Cursors.limit(limit);
    MovementKey after = cursor == null ? null : decode(cursor);
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
                        pageSize + 1)
                    .collectList())
        .map(
            rows -> {
              List<PortfolioReads.Movement> page =
                  rows.size() > pageSize ? rows.subList(0, pageSize) : rows;
              if (rows.size() > pageSize) {
                PortfolioReads.Movement last = page.get(page.size() - 1);
                Cursors.linkNext(
                    exchange,
                    Cursors.encode(
                        last.occurredAt().toString(),
                        last.sortKey(),
                        Long.toString(last.sequence())));
              }
              return page.stream().map(PortfolioResponses::transaction).toList();
            });
  }

  @GetMapping("/investor/valuation-history")
  Mono<PortfolioResponses.ValuationHistoryView> valuationHistory(
      @RequestParam(required = false) String investorId,
      @RequestParam(required = false) String from,
      @RequestParam(required = false) String to,
      @RequestParam(required = false) String interval,
      @RequestParam(required = false) String includeCash) {
    boolean withCash =
        includeCash != null
            && QueryInput.oneOf(
                    includeCash,
                    "includeCash",
                    v -> v.equals("true") || v.equals("false") ? Optional.of(v) : Optional.empty(),
                    List.of("true", "false"))
                .equals("true");
    Interval spacing =
        interval == null
            ? Interval.DAY
            : QueryInput.oneOf(interval, "interval", Interval::parse, Interval.allowed());
    Instant until = QueryInput.instant(to, "to");
    Instant since = QueryInput.instant(from, "from");
    if (until == null) {
      until = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    }
    if (since == null) {
      since = until.minus(DEFAULT_HISTORY);
    }
    QueryInput.ordered(since, until);
    if (Duration.between(since, until).compareTo(spacing.maxRange) > 0) {
      throw ProblemException.badRequest(
              "range-too-large",
              "With interval="
                  + spacing.wire()
                  + " the range from..to may span at most "
                  + spacing.maxRange.toDays()
                  + " days.")
          .with("field", "from")
          .with("maxDays", spacing.maxRange.toDays());
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
                            ProblemException.badRequest(
                                    "too-many-points",
                                    "The answer would have more than "
                                        + PortfolioQueries.MAX_POINTS
                                        + " points; narrow from..to or choose a wider interval.")
                                .with("field", "from")
                                .with("maxPoints", PortfolioQueries.MAX_POINTS))
                    .map(points -> PortfolioResponses.history(owner, spacing, start, end, points)));
  }

  private static MovementKey decode(String cursor) {
    List<String> parts = Cursors.decode(cursor, 3);
    try {
      return new MovementKey(
          Instant.parse(parts.get(0)), parts.get(1), Long.parseLong(parts.get(2)));
    } catch (RuntimeException e) {
      throw ProblemException.badRequest("invalid-cursor", "The cursor is not one this API issued.")
          .with("field", "cursor");
    }
  }
}
