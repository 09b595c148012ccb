package io.equitoken.portfolio.holding;

import java.math.BigDecimal;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Port: the stored holding changes and each owner's current holding per token. */
public interface HoldingStore {

  /** Stores the change unless its (owner, token, sequence) is known; answers whether it was new. */
  Mono<Boolean> insert(HoldingChange change);

  /** The cost basis after the latest change before {@code sequence}, zero if there is none. */
  Mono<BigDecimal> costBefore(String ownerId, String tokenId, long sequence);

  /** The stored changes from {@code sequence} on, in sequence order. */
  Flux<HoldingChange> changesFrom(String ownerId, String tokenId, long sequence);

  Mono<Void> setCost(HoldingChange change, BigDecimal costBasis);

  /** Makes {@code latest} (the change with the highest sequence) the owner's current holding. */
  Mono<Void> setCurrent(HoldingChange latest, BigDecimal costBasis);
}
