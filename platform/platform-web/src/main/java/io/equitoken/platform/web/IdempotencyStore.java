package io.equitoken.platform.web;

import java.time.Instant;
import reactor.core.publisher.Mono;

/** Where {@link Idempotency} records keys and first answers (R2DBC: table idempotency_record). */
public interface IdempotencyStore {

  /** A recorded first answer; {@code headers} is a JSON object of header lists. */
  record Record(
      String principalId,
      String operation,
      String key,
      String fingerprint,
      int status,
      String headers,
      String body,
      Instant createdAt) {}

  Mono<Record> find(String principalId, String operation, String key);

  /**
   * Records a key inside the current transaction, before the work runs; fails with {@link
   * KeyAlreadyRecordedException} if a concurrent request recorded it first (after waiting for that
   * request's transaction to end, so a concurrent retry never runs the work twice).
   */
  Mono<Void> claim(
      String principalId, String operation, String key, String fingerprint, Instant createdAt);

  /** Stores the answer of a claimed key, in the same transaction as {@link #claim}. */
  Mono<Void> complete(Record record);

  /** Removes this key's record if it is older than {@code cutoff} (so the key counts as new). */
  Mono<Void> deleteExpired(String principalId, String operation, String key, Instant cutoff);

  /** Deletes at most {@code limit} records older than {@code cutoff}; answers how many. */
  Mono<Long> purgeBatch(Instant cutoff, int limit);

  /** A concurrent request recorded the same key first. */
  class KeyAlreadyRecordedException extends RuntimeException {
    public KeyAlreadyRecordedException() {
      super("idempotency key already recorded", null, false, false);
    }
  }
}
