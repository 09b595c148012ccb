package io.equitoken.trading.service.window;

import reactor.core.publisher.Flux;

/** Port: the tokens that may trade now (issued, and their listing active). */
public interface TradableTokens {

  Flux<String> tradable();
}
