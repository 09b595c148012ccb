package io.equitoken.webhooks.web;

import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.idempotency.Idempotency;
import io.equitoken.platform.web.input.CursorPage;
import io.equitoken.platform.web.input.QueryParams;
import io.equitoken.webhooks.delivery.Dispatcher;
import io.equitoken.webhooks.subscription.Actor;
import io.equitoken.webhooks.subscription.SubscriptionRequest;
import io.equitoken.webhooks.subscription.SubscriptionService;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** Subscriptions: create, list, read, change (incl. enable/disable), rotate the secret, delete. */
@RestController
@RequestMapping(WebhooksRoleMatrix.SUBSCRIPTIONS)
class SubscriptionController {

  private final SubscriptionService subscriptions;
  private final Idempotency idempotency;
  private final Dispatcher dispatcher;

  SubscriptionController(
      SubscriptionService subscriptions, Idempotency idempotency, Dispatcher dispatcher) {
    this.subscriptions = subscriptions;
    this.idempotency = idempotency;
    this.dispatcher = dispatcher;
  }

  static Mono<Actor> actor() {
    return Caller.current().map(SubscriptionController::actor);
  }

  static Actor actor(Caller c) {
    return new Actor(c.principalId(), c.isOperator(), c.apiKeyId());
  }

  /**
   * {@code Idempotency-Key} (platform {@link Idempotency}): a retry with the same key and body gets
   * the first answer again — without the secret, which is kept in one place only and shown once.
   */
  @PostMapping
  Mono<ResponseEntity<Views.CreatedSubscriptionView>> create(
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @RequestBody Requests.CreateSubscription body) {
    var request = new SubscriptionRequest(body.url(), body.eventTypes(), body.description(), null);
    return Caller.current()
        .flatMap(
            caller ->
                idempotency.execute(
                    new Idempotency.Call(
                        caller.principalId(),
                        "POST " + WebhooksRoleMatrix.SUBSCRIPTIONS,
                        key,
                        body),
                    Views.CreatedSubscriptionView.class,
                    Views.CreatedSubscriptionView::withoutSecret,
                    () ->
                        subscriptions
                            .create(actor(caller), request)
                            .map(
                                s ->
                                    ResponseEntity.created(
                                            URI.create(
                                                WebhooksRoleMatrix.SUBSCRIPTIONS + "/" + s.id()))
                                        .body(Views.CreatedSubscriptionView.of(s)))));
  }

  @GetMapping
  Mono<List<Views.SubscriptionView>> list(
      @RequestParam(required = false) String limit,
      @RequestParam(required = false) String cursor,
      @RequestParam(required = false) String ownerId,
      ServerWebExchange exchange) {
    CursorPage.Request page = CursorPage.request(limit, cursor, 2);
    Instant afterCreated = page.after() == null ? null : page.after().instant(0);
    UUID afterId = page.after() == null ? null : page.after().uuid(1);
    return actor()
        .flatMapMany(
            actor -> subscriptions.list(actor, ownerId, afterCreated, afterId, page.fetch()))
        .map(Views.SubscriptionView::of)
        .collectList()
        .map(rows -> page.answer(rows, exchange, v -> CursorPage.encode(v.createdAt(), v.id())));
  }

  @GetMapping("/{id}")
  Mono<Views.SubscriptionView> get(@PathVariable String id) {
    UUID subscriptionId = QueryParams.uuid(id, "id");
    return actor()
        .flatMap(actor -> subscriptions.get(actor, subscriptionId))
        .map(Views.SubscriptionView::of);
  }

  @PatchMapping("/{id}")
  Mono<Views.SubscriptionView> update(
      @PathVariable String id, @RequestBody Requests.UpdateSubscription body) {
    UUID subscriptionId = QueryParams.uuid(id, "id");
    var changes =
        new SubscriptionRequest(body.url(), body.eventTypes(), body.description(), body.status());
    return actor()
        .flatMap(actor -> subscriptions.update(actor, subscriptionId, changes))
        // enabled again: what waited for it is due now
        .doOnSuccess(s -> dispatcher.wake())
        .map(Views.SubscriptionView::of);
  }

  @DeleteMapping("/{id}")
  Mono<ResponseEntity<Void>> delete(@PathVariable String id) {
    UUID subscriptionId = QueryParams.uuid(id, "id");
    return actor()
        .flatMap(actor -> subscriptions.delete(actor, subscriptionId))
        .then(Mono.just(ResponseEntity.noContent().build()));
  }

  @PostMapping("/{id}/rotate-secret")
  Mono<Views.RotatedSecretView> rotate(@PathVariable String id) {
    UUID subscriptionId = QueryParams.uuid(id, "id");
    return actor()
        .flatMap(actor -> subscriptions.rotateSecret(actor, subscriptionId))
        .map(s -> new Views.RotatedSecretView(s.secret(), s.previousSecretExpiresAt()));
  }
}
