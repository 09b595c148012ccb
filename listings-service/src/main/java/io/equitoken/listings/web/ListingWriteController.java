package io.equitoken.listings.web;

import io.equitoken.listings.listing.Actor;
import io.equitoken.listings.listing.Listing;
import io.equitoken.listings.listing.ListingService;
import io.equitoken.platform.web.idempotency.Idempotency;
import jakarta.validation.Valid;
import java.net.URI;
import java.util.function.BiFunction;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The founder's and operator's write path: create a draft, edit it, move it through its states and
 * issue its token. Who may do it to which listing is decided by the domain.
 */
@RestController
class ListingWriteController {

  private final ListingService service;
  private final Idempotency idempotency;

  ListingWriteController(ListingService service, Idempotency idempotency) {
    this.service = service;
    this.idempotency = idempotency;
  }

  @PostMapping("/listings")
  Mono<ResponseEntity<ListingResponses.ListingDetail>> create(
      @Valid @RequestBody ListingRequests.CreateListing body,
      @RequestHeader(name = Idempotency.HEADER, required = false) String key) {
    return idempotency.once(
        "POST /listings",
        key,
        body,
        ListingResponses.ListingDetail.class,
        () ->
            Callers.actor()
                .flatMap(actor -> service.create(actor, body.founderId(), WebInput.content(body)))
                .map(
                    listing ->
                        created("/listings/" + listing.id(), ListingResponses.detail(listing))));
  }

  @PatchMapping("/listings/{id}")
  Mono<ListingResponses.ListingDetail> edit(
      @PathVariable String id, @Valid @RequestBody ListingRequests.UpdateListing body) {
    return transition(
        id, (actor, listingId) -> service.edit(actor, listingId, WebInput.changes(body)));
  }

  @PostMapping("/listings/{id}/publish")
  Mono<ListingResponses.ListingDetail> publish(@PathVariable String id) {
    return transition(id, service::publish);
  }

  @PostMapping("/listings/{id}/suspend")
  Mono<ListingResponses.ListingDetail> suspend(
      @PathVariable String id,
      @Valid @RequestBody(required = false) ListingRequests.SuspendListing body) {
    String reason = body == null ? null : body.reason();
    return transition(id, (actor, listingId) -> service.suspend(actor, listingId, reason));
  }

  @PostMapping("/listings/{id}/reactivate")
  Mono<ListingResponses.ListingDetail> reactivate(@PathVariable String id) {
    return transition(id, service::reactivate);
  }

  @PostMapping("/listings/{id}/close")
  Mono<ListingResponses.ListingDetail> close(@PathVariable String id) {
    return transition(id, service::close);
  }

  @PostMapping("/listings/{id}/token")
  Mono<ResponseEntity<ListingResponses.TokenView>> issueToken(
      @PathVariable String id,
      @Valid @RequestBody ListingRequests.IssueToken body,
      @RequestHeader(name = Idempotency.HEADER, required = false) String key) {
    return idempotency.once(
        "POST /listings/" + id + "/token",
        key,
        body,
        ListingResponses.TokenView.class,
        () ->
            Callers.actor()
                .flatMap(actor -> service.issueToken(actor, id, WebInput.issuance(body)))
                .map(
                    token -> created("/tokens/" + token.tokenId(), ListingResponses.token(token))));
  }

  private Mono<ListingResponses.ListingDetail> transition(
      String id, BiFunction<Actor, String, Mono<Listing>> command) {
    return Callers.actor().flatMap(actor -> command.apply(actor, id)).map(ListingResponses::detail);
  }

  private static <T> ResponseEntity<T> created(String location, T body) {
    return ResponseEntity.status(HttpStatus.CREATED).location(URI.create(location)).body(body);
  }
}
