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
   * Records a key with its first answer in the current transaction, after the work, at its commit
   * (R2DBC: in the transaction's commit statement, beside its outbox events, so it costs no round
   * trip of its own): a new key is inserted, a record of the same key made before {@code cutoff}
   * (an expired key counts as new) or claimed by this transaction ({@link #claim}) is replaced. If
   * a live record exists, including one a concurrent request committed first (after waiting for
   * that request's transaction to end), the transaction fails with {@link
   * KeyAlreadyRecordedException} (at its commit, rolled back), and the recorded answer is replayed.
   */
  Mono<Void> record(Record record, Instant cutoff);

  /**
   * Records a key without its answer inside the current transaction, before the work, for work that
   * must not run at all for a repeat; {@link #record} then stores the answer. Replaces an expired
   * record; fails with {@link KeyAlreadyRecordedException} if a live record exists, including one a
   * concurrent request committed first (after waiting for it), so the work of a repeat never runs.
   */
  Mono<Void> claim(
      String principalId,
      String operation,
      String key,
      String fingerprint,
      Instant createdAt,
      Instant cutoff);

  /** Deletes at most {@code limit} records older than {@code cutoff}; answers how many. */
  Mono<Long> purgeBatch(Instant cutoff, int limit);

  /** The key is recorded already (by an earlier or a concurrent request). */
  class KeyAlreadyRecordedException extends RuntimeException {
    public KeyAlreadyRecordedException() {
      super("idempotency key already recorded", null, false, false);
    }
  }
}
