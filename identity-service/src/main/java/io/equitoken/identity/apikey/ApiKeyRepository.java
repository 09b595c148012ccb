package io.equitoken.identity.apikey;

import java.time.Instant;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Port: where API keys live. */
public interface ApiKeyRepository {

  Mono<ApiKey> findById(String id);

  Mono<Void> insert(ApiKey key);

  /** Inserts a key created by a caller whose token was issued for {@code createdWithKey}. */
  default Mono<Void> insert(ApiKey key, String createdWithKey) {
    return insert(key);
  }

  /** The principal's active (not revoked) keys. */
  Mono<Long> countActive(String principalId);

  /** The principal's keys (revoked ones too) in creation order, after the given position. */
  Flux<ApiKey> findByPrincipal(String principalId, KeyPosition after, int limit);

  /** Overwrites name, principal, roles and secret hash; keeps creation and revocation facts. */
  Mono<Void> updateCredentials(ApiKey key);

  /** Sets the revocation time if the key is not revoked yet; true if this call revoked it. */
  Mono<Boolean> markRevoked(String id, Instant revokedAt, String revokedBy);
}
