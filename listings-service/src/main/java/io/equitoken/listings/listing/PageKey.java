package io.equitoken.listings.listing;

import java.util.Locale;

/**
 * The position of a listing in the public order: by name, case-insensitively (lower-cased, then
 * compared code point by code point), then by id to break ties. Keyset pagination resumes strictly
 * after a key, so pages never overlap or skip rows even while listings are added.
 */
public record PageKey(String nameKey, String id) {

  public static PageKey of(Listing listing) {
    return new PageKey(nameKey(listing.content().name()), listing.id());
  }

  public static String nameKey(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
