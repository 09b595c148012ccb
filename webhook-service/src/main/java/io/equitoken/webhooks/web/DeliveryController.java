package io.equitoken.webhooks.web;

import io.equitoken.platform.web.Cursors;
import io.equitoken.platform.web.ProblemException;
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
  Mono<ResponseEntity<Views.TestView>> test(@PathVariable UUID id) {
    return SubscriptionController.actor()
        .flatMap(actor -> deliveries.queueTest(actor, id))
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
                              + id
                              + "/deliveries?eventType="
                              + EventCatalogue.TEST_TYPE))
                  .body(Views.TestView.of(d));
            });
  }

  @GetMapping(WebhooksRoleMatrix.SUBSCRIPTION + "/deliveries")
  Mono<List<Views.DeliveryView>> log(
      @PathVariable UUID id,
      @RequestParam(required = false) String status,
      @RequestParam(required = false) String eventType,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    int size = Cursors.limit(limit);
    Delivery.Status wanted = status(status);
    Instant before = null;
    UUID beforeId = null;
    if (cursor != null) {
      List<String> key = Cursors.decode(cursor, 2);
      try {
        before = Instant.parse(key.get(0));
        beforeId = UUID.fromString(key.get(1));
      } catch (RuntimeException e) {
        Cursors.decode("", 2);
      }
    }
    Instant created = before;
    UUID lastId = beforeId;
    return SubscriptionController.actor()
        .flatMap(actor -> deliveries.log(actor, id, wanted, eventType, created, lastId, size + 1))
        .map(
            page -> {
              var views = page.stream().map(Views.DeliveryView::of).toList();
              if (views.size() > size) {
                var last = views.get(size - 1);
                Cursors.linkNext(
                    exchange, Cursors.encode(last.createdAt().toString(), last.id().toString()));
                return views.subList(0, size);
              }
              return views;
            });
  }

  private static Delivery.Status status(String status) {
    if (status == null) {
      return null;
    }
    return switch (status) {
      case "pending", "succeeded", "failed" -> Delivery.Status.fromWire(status);
      default ->
          throw ProblemException.badRequest(
                  "invalid-field", "status must be pending, succeeded or failed.")
              .with("field", "status");
    };
  }

  @PostMapping(WebhooksRoleMatrix.SUBSCRIPTION + "/deliveries/{deliveryId}/replay")
  @ResponseStatus(HttpStatus.ACCEPTED)
  Mono<Views.DeliveryView> replay(@PathVariable UUID id, @PathVariable UUID deliveryId) {
    return SubscriptionController.actor()
        .flatMap(actor -> deliveries.replay(actor, id, deliveryId))
        .doOnSuccess(due -> dispatcher.wake())
        .map(d -> Views.DeliveryView.of(new Deliveries.LoggedDelivery(d, List.of())));
  }

  @PostMapping(WebhooksRoleMatrix.SUBSCRIPTION + "/recover")
  @ResponseStatus(HttpStatus.ACCEPTED)
  Mono<Views.RecoverView> recover(@PathVariable UUID id, @RequestBody Requests.Recover body) {
    return SubscriptionController.actor()
        .flatMap(actor -> deliveries.recover(actor, id, body.since()))
        .doOnSuccess(requeued -> dispatcher.wake())
        .map(Views.RecoverView::new);
  }
}
