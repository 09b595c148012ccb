package io.equitoken.platform.web;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.web.idempotency.Idempotency;
import io.equitoken.platform.web.problem.ProblemException;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseEntity;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

@SpringBootApplication
class WebTestApplication {

  @Bean
  RoleMatrix roleMatrix() {
    return RoleMatrix.builder()
        .anonymous(HttpMethod.GET, "/public")
        .anonymous(HttpMethod.GET, "/later")
        .anonymous(HttpMethod.GET, "/trace")
        .allow(HttpMethod.GET, "/things/{id}", Roles.INVESTOR, Roles.OPERATOR)
        .allow(HttpMethod.POST, "/things", Roles.OPERATOR)
        .anonymous(HttpMethod.GET, "/refused")
        .anonymous(HttpMethod.GET, "/bare-refusal")
        .anonymous(HttpMethod.GET, "/counted")
        .allow(HttpMethod.POST, "/orders", Roles.INVESTOR, Roles.OPERATOR)
        .allow(HttpMethod.POST, "/audited-orders", Roles.INVESTOR, Roles.OPERATOR)
        .build();
  }

  record NewThing(@NotBlank String name, @Positive BigDecimal price) {}

  record NewOrder(@NotBlank String item, @Positive int quantity) {}

  record Order(String id, String item, int quantity) {}

  @RestController
  static class OrderController {
    private final Idempotency idempotency;
    private final DatabaseClient db;

    OrderController(Idempotency idempotency, DatabaseClient db) {
      this.idempotency = idempotency;
      this.db = db;
    }

    @GetMapping("/refused")
    Mono<Map<String, String>> refused() {
      return Mono.error(
          Refusal.conflict("listing-closed", "The listing is closed.")
              .withField("listingId")
              .with("status", "closed")
              .exception());
    }

    @PostMapping("/orders")
    Mono<ResponseEntity<Order>> create(
        @RequestHeader(name = Idempotency.HEADER, required = false) String key,
        @Valid @RequestBody NewOrder body) {
      return idempotency.once(
          "POST /orders",
          key,
          body,
          Order.class,
          () -> Caller.current().flatMap(caller -> place(caller.principalId(), body)));
    }

    /** Audit lines written by {@code POST /audited-orders}: an effect outside the transaction. */
    final AtomicInteger auditLines = new AtomicInteger();

    @PostMapping("/audited-orders")
    Mono<ResponseEntity<Order>> createAudited(
        @RequestHeader(name = Idempotency.HEADER, required = false) String key,
        @Valid @RequestBody NewOrder body) {
      return Caller.current()
          .flatMap(
              caller ->
                  idempotency.execute(
                      new Idempotency.Call(caller.principalId(), "POST /audited-orders", key, body),
                      Order.class,
                      UnaryOperator.identity(),
                      Idempotency.Recording.CLAIM_FIRST,
                      () ->
                          place(caller.principalId(), body)
                              .doOnSuccess(placed -> auditLines.incrementAndGet())));
    }

    /**
     * Inserts the order; item {@code refuse} is refused after the insert, item {@code last-one}
     * once the principal holds one (422 {@code out-of-stock} both).
     */
    private Mono<ResponseEntity<Order>> place(String principal, NewOrder body) {
      String id = UUID.randomUUID().toString();
      Mono<Boolean> soldOut =
          body.item().equals("last-one")
              ? db.sql(
                      "select count(*) as n from test_order where principal = :principal and"
                          + " item = 'last-one'")
                  .bind("principal", principal)
                  .map(row -> row.get("n", Long.class) > 0)
                  .one()
              : Mono.just(false);
      Mono<ResponseEntity<Order>> insert =
          db.sql(
                  "insert into test_order (id, principal, item, quantity) values"
                      + " (:id, :principal, :item, :quantity)")
              .bind("id", id)
              .bind("principal", principal)
              .bind("item", body.item())
              .bind("quantity", body.quantity())
              .then()
              .then(
                  body.item().equals("refuse")
                      ? Mono.error(outOfStock())
                      : Mono.just(
                          ResponseEntity.created(URI.create("/orders/" + id))
                              .body(new Order(id, body.item(), body.quantity()))));
      return soldOut.flatMap(none -> none ? Mono.error(outOfStock()) : insert);
    }

    private static RuntimeException outOfStock() {
      return Refusal.unprocessable("out-of-stock", "None left.").exception();
    }
  }

  /** What a handler sees of the request's trace, on another thread than the request's. */
  @RestController
  static class TraceController {
    private final io.micrometer.tracing.Tracer tracer;

    TraceController(io.micrometer.tracing.Tracer tracer) {
      this.tracer = tracer;
    }

    @GetMapping("/trace")
    Mono<Map<String, String>> trace() {
      return Mono.delay(Duration.ofMillis(1))
          .map(
              tick -> {
                var span = tracer.currentSpan();
                Map<String, String> seen = new java.util.HashMap<>();
                seen.put("traceId", span == null ? "none" : span.context().traceId());
                seen.put("spanId", span == null ? "none" : span.context().spanId());
                seen.put("mdcTraceId", String.valueOf(org.slf4j.MDC.get("traceId")));
                seen.put("mdcRequestId", String.valueOf(org.slf4j.MDC.get("requestId")));
                return seen;
              });
    }
  }

  @RestController
  static class ThingController {
    @GetMapping("/public")
    Map<String, String> open() {
      return Map.of("hello", "world");
    }

    /** Answered from another thread, as a handler waiting on a database or a peer is. */
    @GetMapping("/later")
    Mono<Map<String, String>> later() {
      return Mono.delay(Duration.ofMillis(1)).thenReturn(Map.of("hello", "later"));
    }

    @GetMapping("/things/{id}")
    Mono<Map<String, String>> thing(@PathVariable String id) {
      if (id.equals("missing")) {
        return Mono.error(ProblemException.notFound("thing-not-found", "No thing " + id + "."));
      }
      return Caller.current().map(c -> Map.of("id", id, "viewer", c.principalId()));
    }

    @PostMapping("/things")
    Map<String, Object> create(@Valid @RequestBody NewThing thing) {
      return Map.of("name", thing.name(), "price", thing.price());
    }

    /** A typed query parameter Spring converts itself. */
    @GetMapping("/counted")
    Map<String, Integer> counted(@org.springframework.web.bind.annotation.RequestParam int count) {
      return Map.of("count", count);
    }

    @GetMapping("/undecodable")
    Map<String, String> undecodable() {
      throw new org.springframework.core.codec.DecodingException("Too many parts");
    }

    /** A refusal without a body, as actuator's unknown health group answers. */
    @GetMapping("/bare-refusal")
    ResponseEntity<Void> bareRefusal() {
      return ResponseEntity.status(409).build();
    }

    @GetMapping("/boom")
    Map<String, String> boom() {
      throw new IllegalStateException("secret internal detail");
    }
  }
}
