package io.equitoken.identity.apikey;

/** Raised inside the creating transaction so that it rolls back when the cap is reached. */
final class KeyLimitReached extends RuntimeException {
  KeyLimitReached() {
    super(null, null, false, false);
  }
}
