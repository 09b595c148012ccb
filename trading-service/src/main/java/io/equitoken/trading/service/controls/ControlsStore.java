package io.equitoken.trading.service.controls;

import reactor.core.publisher.Mono;

/** Where market controls are kept: each token's halt and the operator actions' audit log. */
public interface ControlsStore {

  /** The token's last halt or resume; empty if no operator ever halted it. */
  Mono<MarketHalt> halt(String tokenId);

  /** Records the token's halt or resume (replacing the previous one). */
  Mono<Void> saveHalt(MarketHalt halt);

  /** Appends one action to the audit log. */
  Mono<Void> record(OperatorAction action);
}
