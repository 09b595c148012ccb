package io.equitoken.listings.web;

import io.equitoken.listings.listing.ListingQueries;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code GET /tokens/{tokenId}} and its read-only compartment. */
@RestController
class TokenController {

  private final ListingQueries queries;

  TokenController(ListingQueries queries) {
    this.queries = queries;
  }

  @GetMapping("/tokens/{tokenId}")
  Mono<ListingResponses.TokenView> token(@PathVariable String tokenId) {
    return Callers.actor()
        .flatMap(actor -> queries.token(actor, tokenId))
        .map(ListingResponses::token);
  }

  @GetMapping("/tokens/{tokenId}/compartment")
  Mono<ListingResponses.CompartmentView> compartment(@PathVariable String tokenId) {
    return Callers.actor()
        .flatMap(actor -> queries.compartment(actor, tokenId))
        .map(ListingResponses::compartment);
  }
}
