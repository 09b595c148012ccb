package io.equitoken.trading.service.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.idempotency.Idempotency;
import io.equitoken.trading.service.rules.RulesRequest;
import io.equitoken.trading.service.rules.RulesService;
import io.equitoken.trading.service.rules.RulesVersion;
import io.equitoken.trading.service.rules.TokenRules;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /tokens/{tokenId}/rules} (any role: the version in force and the scheduled one) and
 * {@code PUT /tokens/{tokenId}/rules} (operators: a new version, {@code Idempotency-Key}).
 */
@RestController
class RulesController {

  private final RulesService service;
  private final Idempotency idempotency;

  RulesController(RulesService service, Idempotency idempotency) {
    this.service = service;
    this.idempotency = idempotency;
  }

  /** The body of {@code PUT}: the rules (each optional), when they take effect and why. */
  record RulesBody(
      Long maxHolders,
      Long maxNonAccreditedHolders,
      Boolean accreditedOnly,
      List<String> allowedJurisdictions,
      List<String> blockedJurisdictions,
      BigDecimal maxHolding,
      BigDecimal maxHoldingPercent,
      Long lockupDays,
      Boolean lockupAllPurchases,
      BigDecimal minOrderSize,
      Instant effectiveAt,
      String reason) {}

  /** One version as the API shows it. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record VersionView(
      long version,
      Instant effectiveAt,
      TokenRules rules,
      String reason,
      String changedBy,
      Instant changedAt) {

    static VersionView of(RulesVersion v) {
      return v == null
          ? null
          : new VersionView(
              v.version(), v.effectiveAt(), v.rules(), v.reason(), v.changedBy(), v.changedAt());
    }
  }

  /**
   * {@code GET}: the version in force (version 0 and no rules before the first) and the scheduled
   * next version, if any.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record RulesView(
      String tokenId,
      long version,
      Instant effectiveAt,
      TokenRules rules,
      String reason,
      String changedBy,
      Instant changedAt,
      VersionView scheduled) {}

  /** The answer of {@code PUT}: the recorded version. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Recorded(
      String tokenId,
      long version,
      Instant effectiveAt,
      TokenRules rules,
      String reason,
      String changedBy,
      Instant changedAt) {}

  @GetMapping("/tokens/{tokenId}/rules")
  Mono<RulesView> get(@PathVariable String tokenId) {
    String token = Params.tokenId(tokenId, "tokenId");
    return service
        .get(token)
        .map(
            v -> {
              RulesVersion c = v.current();
              return new RulesView(
                  token,
                  c == null ? 0 : c.version(),
                  c == null ? null : c.effectiveAt(),
                  c == null ? TokenRules.NONE : c.rules(),
                  c == null ? null : c.reason(),
                  c == null ? null : c.changedBy(),
                  c == null ? null : c.changedAt(),
                  VersionView.of(v.scheduled()));
            });
  }

  @PutMapping("/tokens/{tokenId}/rules")
  Mono<ResponseEntity<Recorded>> put(
      @PathVariable String tokenId,
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @RequestBody RulesBody body) {
    String token = Params.tokenId(tokenId, "tokenId");
    RulesRequest request =
        new RulesRequest(
            body.maxHolders(),
            body.maxNonAccreditedHolders(),
            body.accreditedOnly(),
            body.allowedJurisdictions(),
            body.blockedJurisdictions(),
            body.maxHolding(),
            body.maxHoldingPercent(),
            body.lockupDays(),
            body.lockupAllPurchases(),
            body.minOrderSize(),
            body.effectiveAt(),
            body.reason());
    return idempotency.once(
        "PUT /tokens/" + token + "/rules",
        key,
        body,
        Recorded.class,
        () ->
            Caller.current()
                .flatMap(c -> service.set(c.principalId(), token, request))
                .map(
                    v ->
                        ResponseEntity.ok(
                            new Recorded(
                                v.tokenId(),
                                v.version(),
                                v.effectiveAt(),
                                v.rules(),
                                v.reason(),
                                v.changedBy(),
                                v.changedAt()))));
  }
}
