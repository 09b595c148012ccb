package io.equitoken.compliance.kyc;

/** Carries a {@link Rejection} through reactive pipelines to the adapter that reports it. */
public class KycRejectedException extends RuntimeException {

  private final transient Rejection rejection;

  public KycRejectedException(Rejection rejection) {
    super(rejection.code() + ": " + rejection.detail(), null, false, false);
    this.rejection = rejection;
  }

  public Rejection rejection() {
    return rejection;
  }
}
