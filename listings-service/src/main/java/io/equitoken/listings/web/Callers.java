package io.equitoken.listings.web;

import io.equitoken.listings.listing.Actor;
import io.equitoken.platform.web.Caller;
import reactor.core.publisher.Mono;

/** The authenticated caller as the domain sees them. */
final class Callers {

  private Callers() {}

  static Mono<Actor> actor() {
    return Caller.current().map(c -> new Actor(c.principalId(), c.isOperator()));
  }
}
