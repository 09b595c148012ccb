package io.equitoken.identity.support;

import io.equitoken.identity.apikey.ApiKeyCreated;
import io.equitoken.identity.apikey.ApiKeyEvents;
import io.equitoken.identity.apikey.ApiKeyRevoked;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import reactor.core.publisher.Mono;

/** Remembers every event the domain asked to publish, in order. */
public class RecordingApiKeyEvents implements ApiKeyEvents {

  public final List<Object> published = new CopyOnWriteArrayList<>();

  @Override
  public Mono<Void> created(ApiKeyCreated event) {
    return Mono.fromRunnable(() -> published.add(event));
  }

  @Override
  public Mono<Void> revoked(ApiKeyRevoked event) {
    return Mono.fromRunnable(() -> published.add(event));
  }
}
