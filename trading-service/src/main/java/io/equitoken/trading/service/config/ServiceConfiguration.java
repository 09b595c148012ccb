package io.equitoken.trading.service.config;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.TransactionLocks;
import io.equitoken.platform.core.Transactions;
import io.equitoken.platform.events.ConsumerGroupDefaults;
import io.equitoken.platform.events.TimeOrderedIds;
import io.equitoken.trading.matcher.kafka.MatcherConfig;
import io.equitoken.trading.service.cash.CashLedger;
import io.equitoken.trading.service.cash.CashStore;
import io.equitoken.trading.service.cash.Money;
import io.equitoken.trading.service.controls.ControlsStore;
import io.equitoken.trading.service.controls.MarketControls;
import io.equitoken.trading.service.history.HistoryStore;
import io.equitoken.trading.service.history.MarketResults;
import io.equitoken.trading.service.history.PriceHistory;
import io.equitoken.trading.service.kernel.TradingMessage;
import io.equitoken.trading.service.market.MarketFacts;
import io.equitoken.trading.service.market.MarketStore;
import io.equitoken.trading.service.messaging.TradingTopics;
import io.equitoken.trading.service.order.OrderLimits;
import io.equitoken.trading.service.order.OrderProjection;
import io.equitoken.trading.service.order.OrderService;
import io.equitoken.trading.service.order.OrderStore;
import io.equitoken.trading.service.rules.RulesService;
import io.equitoken.trading.service.rules.RulesStore;
import io.equitoken.trading.service.transfer.TransferService;
import io.equitoken.trading.service.transfer.TransferStore;
import io.equitoken.trading.service.window.TradableTokens;
import io.equitoken.trading.service.window.WindowClock;
import io.equitoken.trading.service.window.WindowRules;
import io.equitoken.trading.service.window.WindowService;
import io.equitoken.trading.service.window.WindowStore;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;

/** Wires the plain-Java features to their adapters. */
@Configuration
@EnableConfigurationProperties(TradingProperties.class)
class ServiceConfiguration {

  @Bean
  WindowService windowService(
      WindowStore store,
      EventPublisher<TradingMessage> messages,
      Transactions transactions,
      TransactionLocks locks,
      Clock clock,
      TradingProperties properties,
      ObjectProvider<WindowClockDriver> clockDriver,
      ControlsStore audit) {
    return new WindowService(
        store,
        new WindowRules(properties.maxWindowLength()),
        messages,
        transactions,
        locks,
        clock,
        TimeOrderedIds::next,
        () -> clockDriver.ifAvailable(WindowClockDriver::wake),
        audit);
  }

  @Bean
  WindowClock windowClock(
      WindowStore store,
      MarketStore market,
      EventPublisher<TradingMessage> messages,
      Transactions transactions,
      TransactionLocks locks,
      Clock clock,
      TradingProperties properties) {
    TradableTokens tokens = market::tradable;
    return new WindowClock(
        store, tokens, messages, transactions, locks, clock, properties.indicateInterval());
  }

  @Bean
  MarketFacts marketFacts(
      MarketStore market, EventPublisher<TradingMessage> messages, WindowClock clock) {
    return new MarketFacts(market, messages, clock);
  }

  @Bean
  CashLedger.Settings cashSettings(TradingProperties properties) {
    TradingProperties.Cash c = properties.cash();
    return new CashLedger.Settings(Money.of(c.currency()), c.feeBasisPoints(), c.feeAccount());
  }

  @Bean
  CashLedger cashLedger(
      CashStore store, EventPublisher<TradingMessage> messages, CashLedger.Settings settings) {
    return new CashLedger(store, messages, settings, TimeOrderedIds::next);
  }

  @Bean
  RulesService rulesService(
      RulesStore store,
      MarketStore market,
      EventPublisher<TradingMessage> messages,
      Transactions transactions,
      TransactionLocks locks,
      Clock clock) {
    return new RulesService(store, market, messages, transactions, locks, clock);
  }

  @Bean
  MarketControls marketControls(
      ControlsStore store,
      OrderStore orders,
      MarketStore market,
      EventPublisher<TradingMessage> messages,
      Transactions transactions,
      TransactionLocks locks,
      Clock clock) {
    return new MarketControls(
        store, orders, market, messages, transactions, locks, clock, TimeOrderedIds::next);
  }

  @Bean
  OrderService orderService(
      OrderStore orders,
      MarketStore market,
      CashLedger cash,
      RulesService rules,
      EventPublisher<TradingMessage> messages,
      Transactions transactions,
      Clock clock,
      TradingProperties properties) {
    OrderLimits limits =
        new OrderLimits(properties.maxOpenOrdersPerToken(), properties.referencePriceBand());
    return new OrderService(
        orders, market, cash, limits, rules, messages, transactions, clock, TimeOrderedIds::next);
  }

  @Bean
  TransferService transferService(
      TransferStore store,
      MarketStore market,
      EventPublisher<TradingMessage> messages,
      Transactions transactions,
      Clock clock) {
    return new TransferService(store, market, messages, transactions, clock, TimeOrderedIds::next);
  }

  @Bean
  OrderProjection orderProjection(OrderStore orders) {
    return new OrderProjection(orders);
  }

  @Bean
  MarketResults marketResults(HistoryStore history) {
    return new MarketResults(history);
  }

  @Bean
  PriceHistory priceHistory(HistoryStore history) {
    return new PriceHistory(history);
  }

  /**
   * The matcher, embedded: every instance serves some partitions of {@code trading.orders.v1}
   * (docs/services/trading-service.md, "Partitioning"). Off with {@code
   * equitoken.trading.matcher.enabled=false} (tests that play the matcher's part by hand).
   */
  @Bean
  @ConditionalOnProperty(
      name = "equitoken.trading.matcher.enabled",
      havingValue = "true",
      matchIfMissing = true)
  MatcherRunner matcherRunner(
      KafkaProperties kafka,
      ConsumerGroupDefaults group,
      TradingProperties properties,
      @Value("${equitoken.events.source:/trading-service}") String source,
      @Value("${HOSTNAME:}") String hostname) {
    TradingProperties.Matcher m = properties.matcher();
    return new MatcherRunner(
        MatcherConfig.builder(String.join(",", kafka.getBootstrapServers()))
            // the same instance id as the service's consumers (EQUITOKEN_INSTANCE_ID): stable
            // across restarts, so a restarted matcher fences its predecessor's transaction
            .instanceId(m.instanceIdOr(group, hostname))
            .groupId(m.groupId())
            .commandsTopic(TradingTopics.COMMANDS)
            .eventsTopic(TradingTopics.EVENTS)
            .source(source)
            .partitions(properties.partitions())
            .snapshotEveryCommands(m.snapshotEveryCommands())
            .snapshotEvery(m.snapshotEvery())
            .snapshotSizeRatio(m.snapshotSizeRatio())
            .transactionTimeout(m.transactionTimeout())
            .gather(m.gather())
            // session, heartbeat and static membership as every consumer of the platform has them
            .extraConsumer(withGroupDefaults(kafka.getProperties(), group, m.takeoverFetchWaitMs()))
            .extraProducer(Map.copyOf(kafka.getProperties()))
            .build());
  }

  private static Map<String, Object> withGroupDefaults(
      Map<String, String> client, ConsumerGroupDefaults group, int fetchWaitMs) {
    Map<String, Object> properties = new HashMap<>(group.consumerProperties("matcher"));
    properties.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, fetchWaitMs);
    properties.putAll(client);
    return Map.copyOf(properties);
  }

  /** Commands to the matcher, keyed by token: partitions bound how many matchers work at once. */
  @Bean
  NewTopic tradingOrdersTopic(TradingProperties properties) {
    return TopicBuilder.name(TradingTopics.COMMANDS).partitions(properties.partitions()).build();
  }

  @Bean
  NewTopic tradingEventsTopic(TradingProperties properties) {
    return TopicBuilder.name(TradingTopics.EVENTS).partitions(properties.partitions()).build();
  }
}
