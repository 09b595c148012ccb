package io.equitoken.listings.listing;

import java.util.List;

/** What the domain decided about a command: the new state and its events, or a rejection. */
public sealed interface Decision {

  record Accepted(Listing listing, List<ListingEvent> events) implements Decision {
    public Accepted {
      events = List.copyOf(events);
    }
  }

  record Rejected(Rejection rejection) implements Decision {}

  static Decision accept(Listing listing, ListingEvent... events) {
    return new Accepted(listing, List.of(events));
  }

  static Decision reject(Rejection rejection) {
    return new Rejected(rejection);
  }
}
