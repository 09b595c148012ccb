package io.equitoken.identity.support;

import io.equitoken.identity.signing.SigningKey;
import io.equitoken.identity.signing.SigningKeyRepository;
import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The signing key port in memory, generation-unique like the database table. */
public class InMemorySigningKeyRepository implements SigningKeyRepository {

  public final Map<Integer, SigningKey> byGeneration = new ConcurrentHashMap<>();

  @Override
  public Mono<SigningKey> latest() {
    return Mono.defer(
        () ->
            Mono.justOrEmpty(
                byGeneration.values().stream()
                    .max(Comparator.comparingInt(SigningKey::generation))));
  }

  @Override
  public Flux<SigningKey> publishedAt(Instant now) {
    return Flux.fromStream(
        byGeneration.values().stream()
            .filter(k -> k.isPublishedAt(now))
            .sorted(Comparator.comparingInt(SigningKey::generation).reversed()));
  }

  @Override
  public Mono<Boolean> insertIfGenerationFree(SigningKey key) {
    return Mono.fromSupplier(() -> byGeneration.putIfAbsent(key.generation(), key) == null);
  }

  @Override
  public Mono<Void> retire(String kid, Instant retiredAt, Instant verifyUntil) {
    return Mono.fromRunnable(
        () ->
            byGeneration.replaceAll(
                (generation, k) ->
                    k.kid().equals(kid) && !k.isRetired()
                        ? new SigningKey(
                            k.kid(),
                            k.generation(),
                            k.algorithm(),
                            k.publicJwk(),
                            null,
                            k.createdAt(),
                            retiredAt,
                            verifyUntil)
                        : k));
  }
}
