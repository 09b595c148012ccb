package io.equitoken.identity.apikey;

import java.time.Instant;
import reactor.core.publisher.Mono;

/** Port: where API keys and idempotency records live. */
public interface ApiKeyRepository {

  Mono<ApiKey> findById(String id);

  Mono<Void> insert(ApiKey key);

  /** Overwrites name, principal, roles and secret hash; keeps creation and revocation facts. */
  Mono<Void> updateCredentials(ApiKey key);

  /** Sets the revocation time if the key is not revoked yet; true if this call revoked it. */
  Mono<Boolean> markRevoked(String id, Instant revokedAt, String revokedBy);

  /** The caller's record for this key, unless it is older than {@code notBefore}. */
  Mono<IdempotencyRecord> findIdempotency(String principalId, String key, Instant notBefore);

  /**
   * Stores the record unless a live one (not older than {@code notBefore}) exists for the same
   * caller and key; true if stored. Expired records are replaced.
   */
  Mono<Boolean> claimIdempotency(IdempotencyRecord record, Instant notBefore);
}
