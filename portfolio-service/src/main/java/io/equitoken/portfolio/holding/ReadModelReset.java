package io.equitoken.portfolio.holding;

import java.util.Collection;
import reactor.core.publisher.Mono;

/** Port: forgets the whole read model, and which events the given consumers processed. */
public interface ReadModelReset {

  Mono<Void> clear(Collection<String> consumers);
}
