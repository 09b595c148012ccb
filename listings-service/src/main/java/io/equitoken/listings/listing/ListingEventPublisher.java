package io.equitoken.listings.listing;

import reactor.core.publisher.Mono;

/**
 * Port: makes a listing event known to other services. Must be called inside the transaction that
 * stores the change, so the event is published if and only if the change commits.
 */
public interface ListingEventPublisher {

  Mono<Void> publish(ListingEvent event);
}
