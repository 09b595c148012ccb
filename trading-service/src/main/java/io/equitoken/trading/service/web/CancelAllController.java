package io.equitoken.trading.service.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.idempotency.Idempotency;
import io.equitoken.platform.web.input.QueryParams;
import io.equitoken.trading.service.controls.MarketControls;
import java.time.Instant;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The operators' cancel-all: {@code POST /tokens/{tokenId}/orders/cancel} and {@code POST
 * /investors/{investorId}/orders/cancel} ({@code 202}, with {@code Idempotency-Key}).
 */
@RestController
class CancelAllController {

  private final MarketControls controls;
  private final Idempotency idempotency;

  CancelAllController(MarketControls controls, Idempotency idempotency) {
    this.controls = controls;
    this.idempotency = idempotency;
  }

  /** Why. */
  record CancelBody(String reason) {}

  /** The orders whose cancel was requested. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record CancelRequested(
      String tokenId,
      String investorId,
      List<String> orderIds,
      String reason,
      String requestedBy,
      Instant requestedAt) {

    static CancelRequested of(MarketControls.CancelAll c) {
      return new CancelRequested(
          c.tokenId(), c.investorId(), c.orderIds(), c.reason(), c.requestedBy(), c.requestedAt());
    }
  }

  @PostMapping("/tokens/{tokenId}/orders/cancel")
  Mono<ResponseEntity<CancelRequested>> ofToken(
      @PathVariable String tokenId,
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @RequestBody CancelBody body) {
    String token = Params.tokenId(tokenId, "tokenId");
    return once("POST /tokens/" + token + "/orders/cancel", key, body, token, null);
  }

  @PostMapping("/investors/{investorId}/orders/cancel")
  Mono<ResponseEntity<CancelRequested>> ofInvestor(
      @PathVariable String investorId,
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @RequestBody CancelBody body) {
    String investor = QueryParams.text(investorId, "investorId", 128);
    return once("POST /investors/" + investor + "/orders/cancel", key, body, null, investor);
  }

  private Mono<ResponseEntity<CancelRequested>> once(
      String operation, String key, CancelBody body, String token, String investor) {
    return idempotency.once(
        operation,
        key,
        body,
        CancelRequested.class,
        () ->
            Caller.current()
                .flatMap(c -> controls.cancelAll(c.principalId(), token, investor, body.reason()))
                .map(c -> ResponseEntity.status(HttpStatus.ACCEPTED).body(CancelRequested.of(c))));
  }
}
