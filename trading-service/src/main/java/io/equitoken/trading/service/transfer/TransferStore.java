package io.equitoken.trading.service.transfer;

import reactor.core.publisher.Mono;

/** Port: the audit trail of requested transfers. */
public interface TransferStore {

  Mono<Void> insert(Transfer transfer);
}
