package io.equitoken.listings.listing;

/** Carries a {@link Rejection} through reactive pipelines to the adapter that answers it. */
public class RejectedException extends RuntimeException {

  private final Rejection rejection;

  public RejectedException(Rejection rejection) {
    super(rejection.detail(), null, false, false);
    this.rejection = rejection;
  }

  public Rejection rejection() {
    return rejection;
  }
}
