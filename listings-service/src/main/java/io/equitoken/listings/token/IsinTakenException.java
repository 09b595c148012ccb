package io.equitoken.listings.token;

/** Raised by a {@link TokenStore} when the unique ISIN constraint refuses an insert. */
public class IsinTakenException extends RuntimeException {
  public IsinTakenException(String isin) {
    super("ISIN " + isin + " is already used by another token", null, false, false);
  }
}
