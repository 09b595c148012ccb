package io.equitoken.trading.service.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.equitoken.platform.web.input.CursorPage;
import io.equitoken.platform.web.input.QueryParams;
import io.equitoken.trading.service.controls.AuditQuery;
import io.equitoken.trading.service.controls.MarketControls;
import io.equitoken.trading.service.controls.OperatorAction;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code GET /operator/audit?subject&from&to&limit&cursor} (operators): every operator action of
 * the market, newest first, cursor-paged.
 */
@RestController
class AuditController {

  private final MarketControls controls;

  AuditController(MarketControls controls) {
    this.controls = controls;
  }

  /** One audited action. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record ActionView(
      String id,
      String action,
      String subjectType,
      String subjectId,
      String tokenId,
      String actor,
      String reason,
      Map<String, Object> details,
      Instant at) {

    static ActionView of(OperatorAction a) {
      return new ActionView(
          a.id().toString(),
          a.action(),
          a.subjectType(),
          a.subjectId(),
          a.tokenId(),
          a.actor(),
          a.reason(),
          a.details(),
          a.at());
    }
  }

  @GetMapping("/operator/audit")
  Mono<List<ActionView>> audit(
      @RequestParam(required = false) String subject,
      @RequestParam(required = false) String from,
      @RequestParam(required = false) String to,
      @RequestParam(required = false) String limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    String who = QueryParams.text(subject, "subject", 128);
    Instant since = QueryParams.instant(from, "from");
    Instant until = QueryParams.instant(to, "to");
    if (since != null && until != null) {
      Params.range(since, until);
    }
    CursorPage.Request page = CursorPage.request(limit, cursor, 2);
    CursorPage.Key after = page.after();
    AuditQuery query =
        new AuditQuery(
            who,
            since,
            until,
            after == null ? null : after.instant(0),
            after == null ? null : after.uuid(1),
            page.fetch());
    return controls
        .audit(query)
        .collectList()
        .map(
            rows ->
                page.answer(rows, exchange, a -> CursorPage.encode(a.at(), a.id())).stream()
                    .map(ActionView::of)
                    .toList());
  }
}
