package io.equitoken.listings.web;

import io.equitoken.listings.listing.Listing;
import io.equitoken.listings.listing.ListingFilter;
import io.equitoken.listings.listing.ListingQueries;
import io.equitoken.listings.listing.PageKey;
import io.equitoken.platform.web.Cursors;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code GET /listings} (active listings, filtered, by name then id, a bare array with the next
 * page in {@code Link}) and {@code GET /listings/{id}}.
 */
@RestController
class ListingReadController {

  private final ListingQueries queries;

  ListingReadController(ListingQueries queries) {
    this.queries = queries;
  }

  @GetMapping("/listings")
  Mono<List<ListingResponses.ListingSummary>> list(
      @RequestParam(required = false) String sector,
      @RequestParam(required = false) String stage,
      @RequestParam(required = false) String country,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    ListingFilter filter =
        new ListingFilter(
            WebInput.sector(sector, "sector"),
            WebInput.stage(stage, "stage"),
            WebInput.country(country, "country"));
    int pageSize = Cursors.limit(limit);
    PageKey after = cursor == null ? null : decode(cursor);
    return queries
        .active(filter, after, pageSize + 1)
        .collectList()
        .map(
            rows -> {
              List<Listing> page = rows.size() > pageSize ? rows.subList(0, pageSize) : rows;
              if (rows.size() > pageSize) {
                PageKey last = PageKey.of(page.get(page.size() - 1));
                Cursors.linkNext(exchange, Cursors.encode(last.nameKey(), last.id()));
              }
              return page.stream().map(ListingResponses::summary).toList();
            });
  }

  @GetMapping("/listings/{id}")
  Mono<ListingResponses.ListingDetail> detail(@PathVariable String id) {
    return Callers.actor()
        .flatMap(actor -> queries.listing(actor, id))
        .map(ListingResponses::detail);
  }

  private static PageKey decode(String cursor) {
    List<String> parts = Cursors.decode(cursor, 2);
    return new PageKey(parts.get(0), parts.get(1));
  }
}
