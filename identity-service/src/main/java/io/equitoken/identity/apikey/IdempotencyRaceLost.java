package io.equitoken.identity.apikey;

/**
 * A concurrent request claimed the same Idempotency-Key first; the loser rolls back and replays.
 */
final class IdempotencyRaceLost extends RuntimeException {

  IdempotencyRaceLost() {
    super("Idempotency-Key claimed concurrently", null, false, false);
  }
}
