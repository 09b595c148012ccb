package io.equitoken.listings.listing;

import io.equitoken.platform.core.Refusal;
import java.util.List;

/** What the domain decided about a command: the new state and its events, or a rejection. */
public sealed interface Decision {

  record Accepted(Listing listing, List<ListingEvent> events) implements Decision {
    public Accepted {
      events = List.copyOf(events);
    }
  }

  record Rejected(Refusal rejection) implements Decision {}

  static Decision accept(Listing listing, ListingEvent... events) {
    return new Accepted(listing, List.of(events));
  }

  static Decision reject(Refusal rejection) {
    return new Rejected(rejection);
  }
}
