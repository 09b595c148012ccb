package io.equitoken.listings.idempotency;

/** The caller reused an {@code Idempotency-Key} for a request other than the one it first sent. */
public class KeyReusedException extends RuntimeException {

  public KeyReusedException(String key) {
    super(
        "Idempotency-Key "
            + key
            + " was already used for a different request; use a new key for a new request.",
        null,
        false,
        false);
  }
}
