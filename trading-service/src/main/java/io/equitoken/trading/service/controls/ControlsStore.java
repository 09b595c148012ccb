package io.equitoken.trading.service.controls;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Where market controls are kept: each token's halt and the operator actions' audit log. */
public interface ControlsStore {

  /** The token's last halt or resume; empty if no operator ever halted it. */
  Mono<MarketHalt> halt(String tokenId);

  /** Records the token's halt or resume (replacing the previous one). */
  Mono<Void> saveHalt(MarketHalt halt);

  /** The investor's last freeze or unfreeze; empty if no operator ever froze them. */
  Mono<InvestorFreeze> freeze(String investorId);

  /** Records the investor's freeze or unfreeze (replacing the previous one). */
  Mono<Void> saveFreeze(InvestorFreeze freeze);

  /** Every token the service knows (registered or not yet tradable), in id order. */
  Flux<String> tokens();

  /** A page of the audit log, newest first. */
  Flux<OperatorAction> actions(AuditQuery query);

  /** Appends one action to the audit log. */
  Mono<Void> record(OperatorAction action);
}
