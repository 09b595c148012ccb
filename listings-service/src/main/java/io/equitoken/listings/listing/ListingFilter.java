package io.equitoken.listings.listing;

/** Optional filters of the public listing list; null members do not filter. */
public record ListingFilter(Sector sector, Stage stage, Country country) {

  public static ListingFilter none() {
    return new ListingFilter(null, null, null);
  }
}
