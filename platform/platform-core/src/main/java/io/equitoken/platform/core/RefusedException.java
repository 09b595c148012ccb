package io.equitoken.platform.core;

/**
 * Carries a {@link Refusal} through code that signals by throwing (or through {@code Mono.error}).
 * platform-web answers it with the refusal's problem+json; it has no stack trace, since it is an
 * expected outcome, not a fault.
 */
public class RefusedException extends RuntimeException {

  private final transient Refusal refusal;

  public RefusedException(Refusal refusal) {
    super(refusal.detail(), null, false, false);
    this.refusal = refusal;
  }

  public Refusal refusal() {
    return refusal;
  }
}
