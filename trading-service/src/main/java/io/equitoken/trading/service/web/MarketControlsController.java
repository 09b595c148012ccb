package io.equitoken.trading.service.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.idempotency.Idempotency;
import io.equitoken.trading.service.controls.MarketControls;
import io.equitoken.trading.service.controls.MarketHalt;
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
 * {@code GET /tokens/{tokenId}/market} (any role: is trading halted, since when, why) and the
 * operators' {@code POST /tokens/{tokenId}/halt} and {@code POST /tokens/{tokenId}/resume} (each
 * with {@code Idempotency-Key}).
 */
@RestController
class MarketControlsController {

  private final MarketControls controls;
  private final Idempotency idempotency;

  MarketControlsController(MarketControls controls, Idempotency idempotency) {
    this.controls = controls;
    this.idempotency = idempotency;
  }

  /** The body of a halt: why, and whether the token's resting orders are cancelled too. */
  record HaltBody(String reason, Boolean cancelOrders) {}

  /** The body of a resume: why. */
  record ResumeBody(String reason) {}

  /** The token's market state and the operator's last halt or resume of it. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record MarketView(
      String tokenId,
      String status,
      Boolean cancelOrders,
      String reason,
      String changedBy,
      Instant changedAt) {

    static MarketView of(MarketHalt h) {
      return new MarketView(
          h.tokenId(),
          h.halted() ? "halted" : "running",
          h.halted() ? h.cancelOrders() : null,
          h.reason(),
          h.changedBy(),
          h.changedAt());
    }
  }

  @GetMapping("/tokens/{tokenId}/market")
  Mono<MarketView> market(@PathVariable String tokenId) {
    return controls.status(Params.tokenId(tokenId, "tokenId")).map(MarketView::of);
  }

  @PostMapping("/tokens/{tokenId}/halt")
  Mono<ResponseEntity<MarketView>> halt(
      @PathVariable String tokenId,
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @RequestBody HaltBody body) {
    String token = Params.tokenId(tokenId, "tokenId");
    return idempotency.once(
        "POST /tokens/" + token + "/halt",
        key,
        body,
        MarketView.class,
        () ->
            Caller.current()
                .flatMap(
                    c ->
                        controls.halt(
                            c.principalId(),
                            token,
                            body.reason(),
                            Boolean.TRUE.equals(body.cancelOrders())))
                .map(h -> ResponseEntity.ok(MarketView.of(h))));
  }

  @PostMapping("/tokens/{tokenId}/resume")
  Mono<ResponseEntity<MarketView>> resume(
      @PathVariable String tokenId,
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @RequestBody ResumeBody body) {
    String token = Params.tokenId(tokenId, "tokenId");
    return idempotency.once(
        "POST /tokens/" + token + "/resume",
        key,
        body,
        MarketView.class,
        () ->
            Caller.current()
                .flatMap(c -> controls.resume(c.principalId(), token, body.reason()))
                .map(h -> ResponseEntity.ok(MarketView.of(h))));
  }
}
