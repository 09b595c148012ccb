package io.equitoken.identity.support;

import io.equitoken.identity.apikey.ApiKeyEvent;
import io.equitoken.platform.core.EventPublisher;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import reactor.core.publisher.Mono;

/** Remembers every event the domain asked to publish, in order. */
public class RecordingApiKeyEvents implements EventPublisher<ApiKeyEvent> {

  public final List<Object> published = new CopyOnWriteArrayList<>();

  @Override
  public Mono<Void> publish(ApiKeyEvent event) {
    return Mono.fromRunnable(() -> published.add(event));
  }
}
