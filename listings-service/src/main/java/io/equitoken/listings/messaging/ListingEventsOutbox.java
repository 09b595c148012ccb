package io.equitoken.listings.messaging;

import io.equitoken.listings.listing.ListingEvent;
import io.equitoken.platform.events.OutboxPublisher;
import io.equitoken.platform.events.OutboxPublisher.Outgoing;
import io.equitoken.platform.events.OutboxWriter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Publishes listing events on {@value #TOPIC} through the transactional outbox. Every event of a
 * listing, its token's issuance included, is keyed (and has its subject) by the listing id: the
 * listing is the aggregate, so its whole history stays in one partition, in order.
 */
@Configuration(proxyBeanMethods = false)
class ListingEventsOutbox {

  static final String TOPIC = "listings.events.v1";

  @Bean
  OutboxPublisher<ListingEvent> listingEvents(OutboxWriter outbox) {
    return OutboxPublisher.<ListingEvent>builder(outbox)
        .on(ListingEvent.Published.class, e -> out("listing.published", e))
        .on(ListingEvent.Updated.class, e -> out("listing.updated", e))
        .on(ListingEvent.Suspended.class, e -> out("listing.suspended", e))
        .on(ListingEvent.Reactivated.class, e -> out("listing.reactivated", e))
        .on(ListingEvent.Closed.class, e -> out("listing.closed", e))
        .on(ListingEvent.TokenIssued.class, e -> out("token.issued", e))
        .build();
  }

  private static Outgoing out(String name, ListingEvent event) {
    return Outgoing.of(TOPIC, event.listingId(), "equitoken.listings." + name + ".v1", event);
  }
}
