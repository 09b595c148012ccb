package io.equitoken.trading.service.messaging;

import io.equitoken.platform.events.OutboxPublisher;
import io.equitoken.platform.events.OutboxPublisher.Outgoing;
import io.equitoken.platform.events.OutboxWriter;
import io.equitoken.trading.service.cash.CashEvents;
import io.equitoken.trading.service.controls.ControlsEvents;
import io.equitoken.trading.service.kernel.TradingMessage;
import io.equitoken.trading.service.market.MarketFacts;
import io.equitoken.trading.service.order.OrderService;
import io.equitoken.trading.service.rules.RulesEvents;
import io.equitoken.trading.service.transfer.TransferService;
import io.equitoken.trading.service.window.WindowEvents;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Publishes {@link TradingMessage}s through the transactional outbox: window facts on {@value
 * TradingTopics#EVENTS} keyed by window id, cash facts there keyed by the account's owner, matcher
 * commands on {@value TradingTopics#COMMANDS} keyed by token id
 * (contracts/events/trading/README.md).
 */
@Configuration(proxyBeanMethods = false)
class TradingMessagesOutbox {

  @Bean
  OutboxPublisher<TradingMessage> tradingMessages(OutboxWriter outbox) {
    return OutboxPublisher.<TradingMessage>builder(outbox)
        .on(WindowEvents.Scheduled.class, e -> fact(e.windowId(), "window.scheduled", e))
        .on(WindowEvents.Opened.class, e -> fact(e.windowId(), "window.opened", e))
        .on(
            WindowEvents.CallPhaseStarted.class,
            e -> fact(e.windowId(), "window.call-phase-started", e))
        .on(WindowEvents.Closed.class, e -> fact(e.windowId(), "window.closed", e))
        .on(WindowEvents.Cancelled.class, e -> fact(e.windowId(), "window.cancelled", e))
        .on(WindowEvents.Open.class, c -> command(c.tokenId(), "window.open", c))
        .on(WindowEvents.CallPhase.class, c -> command(c.tokenId(), "window.call-phase", c))
        .on(WindowEvents.Indicate.class, c -> command(c.tokenId(), "window.indicate", c))
        .on(WindowEvents.Close.class, c -> command(c.tokenId(), "window.close", c))
        .on(OrderService.Place.class, c -> command(c.tokenId(), "order.place", c))
        .on(OrderService.Cancel.class, c -> command(c.tokenId(), "order.cancel", c))
        .on(TransferService.Command.class, c -> command(c.tokenId(), "transfer", c))
        .on(MarketFacts.Register.class, c -> command(c.tokenId(), "token.register", c))
        .on(RulesEvents.Apply.class, c -> command(c.tokenId(), "token.rules", c))
        .on(RulesEvents.Changed.class, e -> fact(e.tokenId(), "token.rules.changed", e))
        .on(ControlsEvents.Halt.class, c -> command(c.tokenId(), "market.halt", c))
        .on(ControlsEvents.Resume.class, c -> command(c.tokenId(), "market.resume", c))
        .on(ControlsEvents.Halted.class, e -> fact(e.tokenId(), "market.halted", e))
        .on(ControlsEvents.Resumed.class, e -> fact(e.tokenId(), "market.resumed", e))
        .on(
            ControlsEvents.MarketOrdersCancelled.class,
            e -> fact(e.tokenId(), "market.orders-cancelled", e))
        .on(
            ControlsEvents.InvestorOrdersCancelled.class,
            e -> fact(e.investorId(), "investor.orders-cancelled", e))
        .on(ControlsEvents.Freeze.class, c -> command(c.tokenId(), "investor.freeze", c))
        .on(ControlsEvents.Unfreeze.class, c -> command(c.tokenId(), "investor.unfreeze", c))
        .on(ControlsEvents.Frozen.class, e -> fact(e.investorId(), "investor.frozen", e))
        .on(ControlsEvents.Unfrozen.class, e -> fact(e.investorId(), "investor.unfrozen", e))
        .on(CashEvents.Changed.class, e -> fact(e.ownerId(), "cash.changed", e))
        .on(CashEvents.DepositRecorded.class, e -> fact(e.ownerId(), "cash.deposit.recorded", e))
        .on(
            CashEvents.WithdrawalChanged.class,
            e -> fact(e.ownerId(), "cash.withdrawal." + e.status(), e))
        .build();
  }

  private static Outgoing fact(String key, String name, TradingMessage data) {
    return Outgoing.of(TradingTopics.EVENTS, key, "equitoken.trading." + name + ".v1", data);
  }

  private static Outgoing command(String tokenId, String name, TradingMessage data) {
    return Outgoing.of(
        TradingTopics.COMMANDS, tokenId, "equitoken.trading.command." + name + ".v1", data);
  }
}
