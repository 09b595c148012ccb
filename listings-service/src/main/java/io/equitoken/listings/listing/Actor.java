package io.equitoken.listings.listing;

/**
 * Who asks: the principal id from the token's {@code sub} and whether they act as an operator.
 * Founders are recognised by ownership ({@code principalId} equals the listing's founder), not by
 * role alone: a founder may change only their own listings.
 */
public record Actor(String principalId, boolean operator) {

  public static Actor system(String principalId) {
    return new Actor(principalId, true);
  }
}
