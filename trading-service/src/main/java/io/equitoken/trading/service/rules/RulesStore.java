package io.equitoken.trading.service.rules;

import java.time.Instant;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Every version of every token's rules; versions are only ever added. */
public interface RulesStore {

  /**
   * The version governing at {@code now}: the newest whose {@code effectiveAt} has come and that no
   * later version replaced before it took effect (as the matcher applies them); empty when none.
   */
  Mono<RulesVersion> inForce(String tokenId, Instant now);

  /** The newest version, if it takes effect only after {@code now}. */
  Mono<RulesVersion> scheduled(String tokenId, Instant now);

  /** The token's newest version number, 0 when none. */
  Mono<Long> lastVersion(String tokenId);

  Mono<Void> insert(RulesVersion version);

  /** Every version of the token, oldest first. */
  Flux<RulesVersion> versions(String tokenId);

  /** A projected {@code holding.changed}: kept only if its sequence is newer. */
  /**
   * Upserts the holdings (at most one per token and owner), each replacing only an older sequence,
   * in one statement.
   */
  Mono<Void> holdingsChanged(java.util.List<RulesService.HoldingChanged> changes);

  /** The latest projected holder facts of the token, as seen by {@code ownerId} at {@code now}. */
  Mono<HolderFacts> holderFacts(String tokenId, String ownerId, Instant now);
}
