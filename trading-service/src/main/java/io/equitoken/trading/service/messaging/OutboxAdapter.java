package io.equitoken.trading.service.messaging;

import io.equitoken.platform.events.OutboxWriter;
import io.equitoken.trading.service.kernel.Outbox;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The {@link Outbox} port on the platform outbox: same transaction, relayed in order. */
@Component
class OutboxAdapter implements Outbox {

  private final OutboxWriter writer;

  OutboxAdapter(OutboxWriter writer) {
    this.writer = writer;
  }

  @Override
  public Mono<Void> event(String key, String name, Object data) {
    return writer.append(EVENTS, key, "equitoken.trading." + name + ".v1", key, data);
  }

  @Override
  public Mono<Void> command(String tokenId, String name, Object data) {
    return writer.append(
        COMMANDS, tokenId, "equitoken.trading.command." + name + ".v1", tokenId, data);
  }
}
