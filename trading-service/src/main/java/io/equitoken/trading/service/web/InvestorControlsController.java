package io.equitoken.trading.service.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.idempotency.Idempotency;
import io.equitoken.platform.web.input.QueryParams;
import io.equitoken.trading.service.controls.InvestorFreeze;
import io.equitoken.trading.service.controls.MarketControls;
import java.time.Instant;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The operators' {@code GET /investors/{investorId}/freeze}, {@code POST
 * /investors/{investorId}/freeze} and {@code POST /investors/{investorId}/unfreeze} (each POST with
 * {@code Idempotency-Key}).
 */
@RestController
class InvestorControlsController {

  private final MarketControls controls;
  private final Idempotency idempotency;

  InvestorControlsController(MarketControls controls, Idempotency idempotency) {
    this.controls = controls;
    this.idempotency = idempotency;
  }

  /** The body of a freeze or an unfreeze: why. */
  record ReasonBody(String reason) {}

  /** The investor's freeze state and the operator's last freeze or unfreeze of them. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record FreezeView(
      String investorId, boolean frozen, String reason, String changedBy, Instant changedAt) {

    static FreezeView of(InvestorFreeze f) {
      return new FreezeView(f.investorId(), f.frozen(), f.reason(), f.changedBy(), f.changedAt());
    }
  }

  private static String investorId(String value) {
    return QueryParams.text(value, "investorId", 128);
  }

  @GetMapping("/investors/{investorId}/freeze")
  Mono<FreezeView> get(@PathVariable String investorId) {
    return controls.freezeStatus(investorId(investorId)).map(FreezeView::of);
  }

  @PostMapping("/investors/{investorId}/freeze")
  Mono<ResponseEntity<FreezeView>> freeze(
      @PathVariable String investorId,
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @RequestBody ReasonBody body) {
    return change("freeze", investorId, key, body, controls::freeze);
  }

  @PostMapping("/investors/{investorId}/unfreeze")
  Mono<ResponseEntity<FreezeView>> unfreeze(
      @PathVariable String investorId,
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @RequestBody ReasonBody body) {
    return change("unfreeze", investorId, key, body, controls::unfreeze);
  }

  /** A freeze or an unfreeze by the calling operator: what {@link MarketControls} does. */
  private interface Change {
    Mono<InvestorFreeze> apply(String operatorId, String investorId, String reason);
  }

  /**
   * {@code POST /investors/{investorId}/<verb>}, once per {@code Idempotency-Key}: the calling
   * operator's {@code change} of the investor, answered with their freeze state.
   */
  private Mono<ResponseEntity<FreezeView>> change(
      String verb, String investorId, String key, ReasonBody body, Change change) {
    String investor = investorId(investorId);
    return idempotency.once(
        "POST /investors/" + investor + "/" + verb,
        key,
        body,
        FreezeView.class,
        () ->
            Caller.current()
                .flatMap(c -> change.apply(c.principalId(), investor, body.reason()))
                .map(f -> ResponseEntity.ok(FreezeView.of(f))));
  }
}
