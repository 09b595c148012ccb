package io.equitoken.listings.config;

import io.equitoken.listings.listing.Actor;
import io.equitoken.listings.listing.Listing;
import io.equitoken.listings.listing.ListingService;
import io.equitoken.listings.listing.ListingStatus;
import io.equitoken.listings.listing.ListingStore;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Loads {@link DemoListings} for local runs ({@code EQUITOKEN_DEMO_DATA=true}). It goes through the
 * same service as the API, so demo listings publish the same events (other services credit
 * founder-nova with each token's supply). Idempotent and convergent: each step runs only if the
 * listing is not there yet, so a restart, or a start interrupted half-way, ends in the same state.
 */
@Component
@ConditionalOnProperty(name = "equitoken.demo-data", havingValue = "true")
public class DemoDataLoader implements ApplicationRunner {

  private static final Logger log = LoggerFactory.getLogger(DemoDataLoader.class);
  private static final Actor LOADER = Actor.system("demo-data");

  private final ListingService service;
  private final ListingStore listings;

  public DemoDataLoader(ListingService service, ListingStore listings) {
    this.service = service;
    this.listings = listings;
  }

  @Override
  public void run(ApplicationArguments args) {
    Long loaded =
        Flux.fromIterable(DemoListings.all())
            .concatMap(this::converge)
            .count()
            .block(Duration.ofMinutes(2));
    log.info("Demo data present: {} listings of {}", loaded, DemoListings.FOUNDER);
  }

  private Mono<Listing> converge(DemoListings.Demo demo) {
    String id = demo.listingId();
    return listings
        .findById(id)
        .switchIfEmpty(
            Mono.defer(() -> service.create(LOADER, DemoListings.FOUNDER, demo.content(), id)))
        .flatMap(listing -> issueIfMissing(demo, listing))
        .flatMap(listing -> advance(demo, listing));
  }

  private Mono<Listing> issueIfMissing(DemoListings.Demo demo, Listing listing) {
    if (demo.issuance() == null || listing.tokenomics() != null) {
      return Mono.just(listing);
    }
    return service
        .issueToken(LOADER, listing.id(), demo.issuance(), demo.tokenId(), demo.compartmentId())
        .then(listings.findById(listing.id()));
  }

  /** Walks the listing forward until it reaches the demo's target status. */
  private Mono<Listing> advance(DemoListings.Demo demo, Listing listing) {
    if (listing.status() == demo.target()) {
      return Mono.just(listing);
    }
    Mono<Listing> next =
        switch (listing.status()) {
          case DRAFT -> service.publish(LOADER, listing.id());
          case ACTIVE ->
              demo.target() == ListingStatus.SUSPENDED
                  ? service.suspend(LOADER, listing.id(), "Pending review of updated financials")
                  : service.close(LOADER, listing.id());
          default -> Mono.just(listing);
        };
    return next.flatMap(
        moved -> moved.status() == listing.status() ? Mono.just(moved) : advance(demo, moved));
  }
}
