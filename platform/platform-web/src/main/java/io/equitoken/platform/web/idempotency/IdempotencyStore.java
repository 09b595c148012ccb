package io.equitoken.platform.web.idempotency;

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
   * Records a key inside the current transaction, before the work runs, replacing a record of the
   * same key made before {@code cutoff} (an expired key counts as new); fails with {@link
   * KeyAlreadyRecordedException} if a live record exists, including one a concurrent request
   * committed first (after waiting for that request's transaction to end, so a concurrent retry
   * never runs the work twice).
   */
  Mono<Void> claim(
      String principalId,
      String operation,
      String key,
      String fingerprint,
      Instant createdAt,
      Instant cutoff);

  /** Stores the answer of a claimed key, in the same transaction as {@link #claim}. */
  Mono<Void> complete(Record record);

  /** Deletes at most {@code limit} records older than {@code cutoff}; answers how many. */
  Mono<Long> purgeBatch(Instant cutoff, int limit);

  /** The key is recorded already (by an earlier or a concurrent request). */
  class KeyAlreadyRecordedException extends RuntimeException {
    public KeyAlreadyRecordedException() {
      super("idempotency key already recorded", null, false, false);
    }
  }
}
