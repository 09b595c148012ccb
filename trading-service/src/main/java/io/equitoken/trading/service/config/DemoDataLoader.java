package io.equitoken.trading.service.config;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.TransactionLocks;
import io.equitoken.platform.core.Transactions;
import io.equitoken.trading.service.cash.CashLedger;
import io.equitoken.trading.service.kernel.TradingMessage;
import io.equitoken.trading.service.market.MarketStore;
import io.equitoken.trading.service.order.OrderService;
import io.equitoken.trading.service.order.OrderStore;
import io.equitoken.trading.service.window.WindowService;
import io.equitoken.trading.service.window.WindowStore;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * Loads {@link DemoTrading} for local runs ({@code EQUITOKEN_DEMO_DATA=true}) once the demo tokens
 * arrived from listings' events (waiting up to 5 minutes, off the start-up path).
 */
@Component
@ConditionalOnProperty(name = "equitoken.demo-data", havingValue = "true")
class DemoDataLoader {

  private static final Logger log = LoggerFactory.getLogger(DemoDataLoader.class);

  private final DemoTrading demo;
  private final MarketStore market;

  DemoDataLoader(
      WindowStore windows,
      WindowService windowService,
      OrderStore orders,
      OrderService orderService,
      CashLedger cash,
      MarketStore market,
      EventPublisher<TradingMessage> messages,
      Transactions transactions,
      TransactionLocks locks,
      Clock clock) {
    this.market = market;
    this.demo =
        new DemoTrading(
            windows,
            windowService,
            orders,
            orderService,
            cash,
            messages,
            transactions,
            locks,
            clock);
  }

  @EventListener(ApplicationReadyEvent.class)
  void load() {
    Flux.fromIterable(DemoTrading.TOKENS)
        .concatMap(
            id ->
                market.token(id).repeatWhenEmpty(300, f -> f.delayElements(Duration.ofSeconds(1))))
        .collectList()
        .flatMap(demo::load)
        .subscribeOn(Schedulers.boundedElastic())
        .subscribe(
            loaded -> log.info("Demo market {}", loaded ? "loaded" : "was there already"),
            e -> log.warn("Demo market not loaded", e));
  }
}
