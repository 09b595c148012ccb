package io.equitoken.listings.web;

import io.equitoken.listings.listing.Country;
import io.equitoken.listings.listing.Listing;
import io.equitoken.listings.listing.ListingFilter;
import io.equitoken.listings.listing.ListingQueries;
import io.equitoken.listings.listing.PageKey;
import io.equitoken.listings.listing.Sector;
import io.equitoken.listings.listing.Stage;
import io.equitoken.platform.web.input.CursorPage;
import io.equitoken.platform.web.input.QueryParams;
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
      @RequestParam(required = false) String limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    ListingFilter filter =
        new ListingFilter(
            QueryParams.oneOf(sector, "sector", Sector::parse, Sector.allowed()),
            QueryParams.oneOf(stage, "stage", Stage::parse, Stage.allowed()),
            QueryParams.oneOf(country, "country", Country::parse, Country.allowed()));
    CursorPage.Request page = CursorPage.request(limit, cursor, 2);
    PageKey after =
        page.after() == null ? null : new PageKey(page.after().text(0), page.after().text(1));
    return queries
        .active(filter, after, page.fetch())
        .collectList()
        .map(
            rows ->
                page.answer(rows, exchange, ListingReadController::cursor).stream()
                    .map(ListingResponses::summary)
                    .toList());
  }

  @GetMapping("/listings/{id}")
  Mono<ListingResponses.ListingDetail> detail(@PathVariable String id) {
    return Callers.actor()
        .flatMap(actor -> queries.listing(actor, id))
        .map(ListingResponses::detail);
  }

  private static String cursor(Listing listing) {
    PageKey key = PageKey.of(listing);
    return CursorPage.encode(key.nameKey(), key.id());
  }
}
