package io.equitoken.listings.listing;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/** A published document about the listing (pitch deck, term sheet, prospectus…). */
public record Document(String title, String url) {

  /**
   * Documents are links investors follow, so only absolute http(s) URLs with a host are accepted:
   * relative links, {@code javascript:}, {@code file:} or {@code data:} URLs would be unsafe or
   * meaningless to a client.
   */
  public static boolean isAcceptableUrl(String url) {
    if (url == null || url.isBlank() || url.chars().anyMatch(Character::isWhitespace)) {
      return false;
    }
    try {
      URI uri = new URI(url);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      return uri.isAbsolute()
          && (scheme.equals("http") || scheme.equals("https"))
          && uri.getHost() != null
          && !uri.getHost().isBlank();
    } catch (URISyntaxException e) {
      return false;
    }
  }
}
