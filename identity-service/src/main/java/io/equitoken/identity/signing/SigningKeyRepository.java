package io.equitoken.identity.signing;

import java.time.Instant;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Port: signing keys in the service's database, shared by every instance — that is how all
 * instances agree on the current signer.
 */
public interface SigningKeyRepository {

  /** The key with the highest generation: the one that signs. */
  Mono<SigningKey> latest();

  /** Keys whose tokens may still be in circulation at {@code now}, newest first. */
  Flux<SigningKey> publishedAt(Instant now);

  /** Stores the key unless its generation is taken; false means another instance rotated first. */
  Mono<Boolean> insertIfGenerationFree(SigningKey key);

  /**
   * Stops a key from signing: records when, until when it verifies, and erases its private half.
   */
  Mono<Void> retire(String kid, Instant retiredAt, Instant verifyUntil);
}
