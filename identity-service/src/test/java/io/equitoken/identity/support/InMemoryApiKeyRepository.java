package io.equitoken.identity.support;

import io.equitoken.identity.apikey.ApiKey;
import io.equitoken.identity.apikey.ApiKeyRepository;
import io.equitoken.identity.apikey.KeyPosition;
import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The repository port in memory, with the same semantics as the R2DBC adapter. */
public class InMemoryApiKeyRepository implements ApiKeyRepository {

  public final Map<String, ApiKey> keys = new ConcurrentHashMap<>();

  @Override
  public Mono<ApiKey> findById(String id) {
    return Mono.defer(() -> Mono.justOrEmpty(keys.get(id)));
  }

  @Override
  public Mono<Void> insert(ApiKey key) {
    return Mono.fromRunnable(
        () -> {
          if (keys.putIfAbsent(key.id(), key) != null) {
            throw new IllegalStateException("duplicate key " + key.id());
          }
        });
  }

  @Override
  public Mono<Long> countActive(String principalId) {
    return Mono.fromSupplier(
        () ->
            keys.values().stream().filter(k -> k.isOwnedBy(principalId) && !k.isRevoked()).count());
  }

  @Override
  public Flux<ApiKey> findByPrincipal(String principalId, KeyPosition after, int limit) {
    Comparator<ApiKey> order = Comparator.comparing(ApiKey::createdAt).thenComparing(ApiKey::id);
    return Flux.defer(
        () ->
            Flux.fromStream(
                keys.values().stream()
                    .filter(k -> k.isOwnedBy(principalId))
                    .filter(
                        k ->
                            after == null
                                || k.createdAt().isAfter(after.createdAt())
                                || (k.createdAt().equals(after.createdAt())
                                    && k.id().compareTo(after.apiKeyId()) > 0))
                    .sorted(order)
                    .limit(limit)
                    .toList()
                    .stream()));
  }

  @Override
  public Mono<Void> updateCredentials(ApiKey key) {
    return Mono.fromRunnable(() -> keys.put(key.id(), key));
  }

  @Override
  public Mono<Boolean> markRevoked(String id, Instant revokedAt, String revokedBy) {
    return Mono.fromSupplier(
        () -> {
          ApiKey key = keys.get(id);
          if (key == null || key.isRevoked()) {
            return false;
          }
          keys.put(
              id,
              new ApiKey(
                  key.id(),
                  key.name(),
                  key.principalId(),
                  key.roles(),
                  key.secretHash(),
                  key.createdAt(),
                  key.createdBy(),
                  revokedAt));
          return true;
        });
  }
}
