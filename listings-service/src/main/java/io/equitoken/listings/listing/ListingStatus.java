package io.equitoken.listings.listing;

/**
 * Where a listing is in its life. Only {@code active} listings are public; the others are seen by
 * their founder and operators only.
 *
 * <pre>
 * draft ──publish──▶ active ──suspend──▶ suspended
 *                      ▲  │                 │
 *                      │  └──close──▶ closed ◀──close
 *                      └────reactivate──────┘
 * </pre>
 */
public enum ListingStatus {
  DRAFT,
  ACTIVE,
  SUSPENDED,
  CLOSED;

  public String value() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  public static ListingStatus fromValue(String value) {
    return valueOf(value.toUpperCase(java.util.Locale.ROOT));
  }
}
