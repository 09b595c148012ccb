package io.equitoken.listings.messaging;

import io.equitoken.listings.listing.ListingEvent;
import io.equitoken.listings.listing.ListingEventPublisher;
import io.equitoken.platform.events.OutboxWriter;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Publishes listing events on {@value #TOPIC} through the transactional outbox. Every event of a
 * listing, its token's issuance included, is keyed (and has its subject) by the listing id: the
 * listing is the aggregate, so its whole history stays in one partition, in order.
 */
@Component
class OutboxListingEventPublisher implements ListingEventPublisher {

  static final String TOPIC = "listings.events.v1";

  private final OutboxWriter outbox;

  OutboxListingEventPublisher(OutboxWriter outbox) {
    this.outbox = outbox;
  }

  @Override
  public Mono<Void> publish(ListingEvent event) {
    return outbox.append(TOPIC, event.listingId(), typeOf(event), event.listingId(), event);
  }

  static String typeOf(ListingEvent event) {
    if (event instanceof ListingEvent.Published) {
      return "equitoken.listings.listing.published.v1";
    }
    if (event instanceof ListingEvent.Updated) {
      return "equitoken.listings.listing.updated.v1";
    }
    if (event instanceof ListingEvent.Suspended) {
      return "equitoken.listings.listing.suspended.v1";
    }
    if (event instanceof ListingEvent.Reactivated) {
      return "equitoken.listings.listing.reactivated.v1";
    }
    if (event instanceof ListingEvent.Closed) {
      return "equitoken.listings.listing.closed.v1";
    }
    if (event instanceof ListingEvent.TokenIssued) {
      return "equitoken.listings.token.issued.v1";
    }
    throw new IllegalArgumentException("No event type for " + event.getClass().getSimpleName());
  }
}
