package io.equitoken.platform.events;

import io.equitoken.platform.core.EventPublisher;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Publishes a service's domain events of type {@code E} through the outbox, given one mapper from
 * an event to its {@link Outgoing} record (topic, key, type, subject, data). Replaces a
 * hand-written adapter per service: declare it as the bean implementing the domain's {@link
 * EventPublisher} port.
 *
 * <pre>{@code
 * @Bean
 * OutboxPublisher<ListingEvent> listingEvents(OutboxWriter outbox) {
 *   return OutboxPublisher.<ListingEvent>builder(outbox)
 *       .on(ListingPublished.class, e -> Outgoing.of(TOPIC, e.listingId(), PUBLISHED, Payload.of(e)))
 *       .on(ListingClosed.class, e -> Outgoing.of(TOPIC, e.listingId(), CLOSED, Payload.of(e)))
 *       .build();
 * }
 * }</pre>
 *
 * Call {@link #publish} inside the transaction of the change the event describes.
 */
public final class OutboxPublisher<E> implements EventPublisher<E> {

  /**
   * One event as it goes to Kafka: {@code topic}, record {@code key} (the aggregate id), the
   * versioned CloudEvents {@code type}, the {@code subject} (may be null) and the JSON {@code
   * data}.
   */
  public record Outgoing(String topic, String key, String type, String subject, Object data) {
    public Outgoing {
      Objects.requireNonNull(topic, "topic");
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(data, "data");
    }

    /** The common case: the subject is the key (the aggregate id). */
    public static Outgoing of(String topic, String key, String type, Object data) {
      return new Outgoing(topic, key, type, key, data);
    }
  }

  private final OutboxWriter writer;
  private final Function<? super E, Outgoing> mapper;

  public OutboxPublisher(OutboxWriter writer, Function<? super E, Outgoing> mapper) {
    this.writer = Objects.requireNonNull(writer, "writer");
    this.mapper = Objects.requireNonNull(mapper, "mapper");
  }

  public static <E> OutboxPublisher<E> of(
      OutboxWriter writer, Function<? super E, Outgoing> mapper) {
    return new OutboxPublisher<>(writer, mapper);
  }

  /** A mapper built from one function per event class (an unmapped class is an error). */
  public static <E> Builder<E> builder(OutboxWriter writer) {
    return new Builder<>(writer);
  }

  @Override
  public Mono<Void> publish(E event) {
    return publishEvent(event).then();
  }

  /** As {@link #publish}, answering the envelope as written (id, time, JSON). */
  public Mono<EventEnvelope> publishEvent(E event) {
    return Mono.defer(
        () -> {
          Outgoing out = mapper.apply(event);
          return writer.appendEvent(out.topic(), out.key(), out.type(), out.subject(), out.data());
        });
  }

  /** Appends several events in order. */
  public Mono<Void> publishAll(Iterable<? extends E> events) {
    return Flux.fromIterable(events).concatMap(this::publishEvent).then();
  }

  /** Builds the mapper from one function per event class. */
  public static final class Builder<E> {
    private final OutboxWriter writer;
    private final Map<Class<?>, Function<Object, Outgoing>> mappers = new LinkedHashMap<>();

    private Builder(OutboxWriter writer) {
      this.writer = writer;
    }

    @SuppressWarnings("unchecked")
    public <X extends E> Builder<E> on(Class<X> type, Function<? super X, Outgoing> mapper) {
      mappers.put(type, e -> mapper.apply((X) e));
      return this;
    }

    public OutboxPublisher<E> build() {
      Map<Class<?>, Function<Object, Outgoing>> frozen = new LinkedHashMap<>(mappers);
      return new OutboxPublisher<>(
          writer,
          event -> {
            for (var entry : frozen.entrySet()) {
              if (entry.getKey().isInstance(event)) {
                return entry.getValue().apply(event);
              }
            }
            throw new IllegalArgumentException(
                "No outbox mapping for event type " + event.getClass().getName());
          });
    }
  }
}
