package io.equitoken.webhooks.web;

import io.equitoken.platform.web.input.CursorPage;
import io.equitoken.platform.web.input.QueryParams;
import io.equitoken.webhooks.catalogue.ContractDocuments;
import io.equitoken.webhooks.catalogue.EventCatalogue;
import io.equitoken.webhooks.delivery.Deliveries;
import io.equitoken.webhooks.delivery.Delivery;
import io.equitoken.webhooks.delivery.Dispatcher;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** The catalogue, the test send, the delivery log, replay and recovery. */
@RestController
class DeliveryController {

  private static final List<String> STATUSES = List.of("pending", "succeeded", "failed");

  private final Deliveries deliveries;
  private final ContractDocuments contracts;
  private final Dispatcher dispatcher;

  DeliveryController(Deliveries deliveries, ContractDocuments contracts, Dispatcher dispatcher) {
    this.deliveries = deliveries;
    this.contracts = contracts;
    this.dispatcher = dispatcher;
  }

  @GetMapping("/webhooks/event-types")
  Mono<List<Views.EventTypeView>> eventTypes() {
    return deliveries.types().map(t -> Views.EventTypeView.of(t, contracts)).collectList();
  }

  /**
   * Queues the test event and answers {@code 202} at once, never waiting for the receiver (which
   * may take up to the response timeout, longer than the gateway's route budget); the attempt shows
   * in the delivery log, where {@code Location} points.
   */
  @PostMapping(WebhooksRoleMatrix.SUBSCRIPTION + "/test")
  Mono<ResponseEntity<Views.TestView>> test(@PathVariable String id) {
    UUID subscriptionId = QueryParams.uuid(id, "id");
    return SubscriptionController.actor()
        .flatMap(actor -> deliveries.queueTest(actor, subscriptionId))
        .map(
            queued -> {
              Delivery d = queued.delivery();
              dispatcher.sendNow(
                  d.subscriptionId(), queued.ownerId(), deliveries.claimTest(d.id()));
              return ResponseEntity.accepted()
                  .location(
                      URI.create(
                          WebhooksRoleMatrix.SUBSCRIPTIONS
                              + "/"
                              + subscriptionId
                              + "/deliveries?eventType="
                              + EventCatalogue.TEST_TYPE))
                  .body(Views.TestView.of(d));
            });
  }

  @GetMapping(WebhooksRoleMatrix.SUBSCRIPTION + "/deliveries")
  Mono<List<Views.DeliveryView>> log(
      @PathVariable String id,
      @RequestParam(required = false) String status,
      @RequestParam(required = false) String eventType,
      @RequestParam(required = false) String limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    UUID subscriptionId = QueryParams.uuid(id, "id");
    String wire = QueryParams.oneOf(status, "status", STATUSES);
    Delivery.Status wanted = wire == null ? null : Delivery.Status.fromWire(wire);
    CursorPage.Request page = CursorPage.request(limit, cursor, 2);
    Instant before = page.after() == null ? null : page.after().instant(0);
    UUID beforeId = page.after() == null ? null : page.after().uuid(1);
    return SubscriptionController.actor()
        .flatMap(
            actor ->
                deliveries.log(
                    actor, subscriptionId, wanted, eventType, before, beforeId, page.fetch()))
        .map(
            rows ->
                page.answer(
                    rows.stream().map(Views.DeliveryView::of).toList(),
                    exchange,
                    v -> CursorPage.encode(v.createdAt(), v.id())));
  }

  @PostMapping(WebhooksRoleMatrix.SUBSCRIPTION + "/deliveries/{deliveryId}/replay")
  @ResponseStatus(HttpStatus.ACCEPTED)
  Mono<Views.DeliveryView> replay(@PathVariable String id, @PathVariable String deliveryId) {
    UUID subscriptionId = QueryParams.uuid(id, "id");
    UUID delivery = QueryParams.uuid(deliveryId, "deliveryId");
    return SubscriptionController.actor()
        .flatMap(actor -> deliveries.replay(actor, subscriptionId, delivery))
        .doOnSuccess(due -> dispatcher.wake())
        .map(d -> Views.DeliveryView.of(new Deliveries.LoggedDelivery(d, List.of())));
  }

  @PostMapping(WebhooksRoleMatrix.SUBSCRIPTION + "/recover")
  @ResponseStatus(HttpStatus.ACCEPTED)
  Mono<Views.RecoverView> recover(@PathVariable String id, @RequestBody Requests.Recover body) {
    UUID subscriptionId = QueryParams.uuid(id, "id");
    return SubscriptionController.actor()
        .flatMap(actor -> deliveries.recover(actor, subscriptionId, body.since()))
        .doOnSuccess(requeued -> dispatcher.wake())
        .map(Views.RecoverView::new);
  }
}
