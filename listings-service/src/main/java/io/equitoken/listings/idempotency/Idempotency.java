package io.equitoken.listings.idempotency;

import io.equitoken.listings.kernel.Transactions;
import java.time.Clock;
import java.time.Instant;
import reactor.core.publisher.Mono;

/**
 * Same key + same request → the same answer, once; same key + another request → a conflict. The key
 * is recorded in the creating transaction itself, before the resource is written, so two concurrent
 * requests with one key cannot both create: the second waits on the key's row and, once the first
 * commits, replays its result.
 */
public class Idempotency {

  private final IdempotencyStore store;
  private final Transactions transactions;
  private final Clock clock;

  public Idempotency(IdempotencyStore store, Transactions transactions, Clock clock) {
    this.store = store;
    this.transactions = transactions;
    this.clock = clock;
  }

  /**
   * Runs {@code create} (which must produce {@code resourceId}) in a transaction, unless the
   * request is a replay, in which case the earlier resource id is answered with {@code replayed}.
   *
   * @param request null when the caller sent no key
   */
  public Mono<Created<String>> execute(
      IdempotentRequest request, String resourceId, Mono<?> create) {
    if (request == null) {
      return transactions.inTransaction(create.then(Mono.just(new Created<>(resourceId, false))));
    }
    IdempotencyRecord record =
        new IdempotencyRecord(
            request.principalId(),
            request.key(),
            request.operation(),
            request.fingerprint(),
            resourceId,
            Instant.now(clock));
    Mono<Created<String>> fresh =
        transactions
            .inTransaction(
                store.insert(record).then(create).then(Mono.just(new Created<>(resourceId, false))))
            .onErrorResume(
                IdempotencyStore.KeyAlreadyUsedException.class, raced -> replay(request));
    return store
        .find(request.principalId(), request.key())
        .flatMap(existing -> answer(existing, request))
        .switchIfEmpty(Mono.defer(() -> fresh));
  }

  private Mono<Created<String>> replay(IdempotentRequest request) {
    return store
        .find(request.principalId(), request.key())
        .flatMap(existing -> answer(existing, request));
  }

  private static Mono<Created<String>> answer(
      IdempotencyRecord existing, IdempotentRequest request) {
    if (!existing.matches(request)) {
      return Mono.error(new KeyReusedException(request.key()));
    }
    return Mono.just(new Created<>(existing.resourceId(), true));
  }
}
