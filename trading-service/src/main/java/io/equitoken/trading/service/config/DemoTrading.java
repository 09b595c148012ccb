package io.equitoken.trading.service.config;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.TransactionLocks;
import io.equitoken.platform.core.Transactions;
import io.equitoken.trading.service.cash.CashLedger;
import io.equitoken.trading.service.kernel.TradingMessage;
import io.equitoken.trading.service.market.TokenInfo;
import io.equitoken.trading.service.order.Order;
import io.equitoken.trading.service.order.OrderRequest;
import io.equitoken.trading.service.order.OrderService;
import io.equitoken.trading.service.order.OrderStore;
import io.equitoken.trading.service.order.Trader;
import io.equitoken.trading.service.window.LiquidityWindow;
import io.equitoken.trading.service.window.Mechanism;
import io.equitoken.trading.service.window.WindowClock;
import io.equitoken.trading.service.window.WindowEvents;
import io.equitoken.trading.service.window.WindowRequest;
import io.equitoken.trading.service.window.WindowService;
import io.equitoken.trading.service.window.WindowStatus;
import io.equitoken.trading.service.window.WindowStore;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The demo market of a local platform: a closed window from last month in which the demo investors
 * bought from the issuer (commands with past {@code at}, so portfolios, transactions and price
 * history are not empty), a continuous window open now with the issuer's sell orders resting in it,
 * a closing-auction window later and next week's windows. Uses listings' demo tokens (founder-nova)
 * and compliance's approved demo investors (inv-alice, inv-bob), who start with {@link #FUNDING}
 * deposited before last month's window; the issuer starts with no cash and is paid as it sells.
 * Runs once: the last month's window has a fixed id.
 */
final class DemoTrading {

  static final String ISSUER = "founder-nova";
  static final List<String> BUYERS = List.of("inv-alice", "inv-bob");
  static final List<String> TOKENS =
      List.of(
          "70c00000-0000-4000-8000-000000000001",
          "70c00000-0000-4000-8000-000000000002",
          "70c00000-0000-4000-8000-000000000003",
          "70c00000-0000-4000-8000-000000000004",
          "70c00000-0000-4000-8000-000000000005",
          "70c00000-0000-4000-8000-000000000006");
  static final UUID LAST_MONTH = UUID.fromString("3a000000-0000-4000-8000-000000000001");

  /** What each demo investor deposited before trading: enough for many demo orders. */
  static final BigDecimal FUNDING = new BigDecimal("250000.00");

  private static final Logger log = LoggerFactory.getLogger(DemoTrading.class);

  private final WindowStore windows;
  private final WindowService windowService;
  private final OrderStore orders;
  private final OrderService orderService;
  private final CashLedger cash;
  private final EventPublisher<TradingMessage> messages;
  private final Transactions transactions;
  private final TransactionLocks locks;
  private final Clock clock;

  DemoTrading(
      WindowStore windows,
      WindowService windowService,
      OrderStore orders,
      OrderService orderService,
      CashLedger cash,
      EventPublisher<TradingMessage> messages,
      Transactions transactions,
      TransactionLocks locks,
      Clock clock) {
    this.windows = windows;
    this.windowService = windowService;
    this.orders = orders;
    this.orderService = orderService;
    this.cash = cash;
    this.messages = messages;
    this.transactions = transactions;
    this.locks = locks;
    this.clock = clock;
  }

  /** Answers false when the demo market was there already. */
  Mono<Boolean> load(List<TokenInfo> tokens) {
    return windows
        .find(LAST_MONTH)
        .map(w -> false)
        .switchIfEmpty(
            Mono.defer(
                () ->
                    lastMonth(tokens.subList(0, 3))
                        .then(openNow(tokens.subList(0, 4)))
                        .then(Mono.defer(() -> later(tokens.subList(4, 6))))
                        .then(Mono.defer(this::nextWeek))
                        .thenReturn(true)));
  }

  /** A closed window 30 days ago in which the buyers bought from the issuer. */
  private Mono<Void> lastMonth(List<TokenInfo> tokens) {
    Instant opens =
        clock
            .instant()
            .minus(Duration.ofDays(30))
            .truncatedTo(ChronoUnit.DAYS)
            .plusSeconds(9 * 3600);
    Instant closes = opens.plus(Duration.ofHours(8));
    WindowRequest request =
        new WindowRequest(
            tokens.stream().map(TokenInfo::tokenId).toList(),
            Mechanism.CONTINUOUS,
            opens,
            closes,
            null,
            null);
    LiquidityWindow w = LiquidityWindow.scheduled(LAST_MONTH, request, "demo-data", opens);
    String id = w.id().toString();
    Mono<Void> work =
        locks
            .lock(WindowClock.LOCK)
            .then(windows.insert(w))
            .then(
                windows.transition(w.id(), WindowStatus.SCHEDULED, WindowStatus.OPEN, opens, null))
            .then(windows.transition(w.id(), WindowStatus.OPEN, WindowStatus.CLOSED, closes, null))
            .thenMany(windows.addTokens(w.id(), request.tokenIds()))
            .then(fund(opens.minus(Duration.ofDays(1))))
            .then(Flux.fromIterable(tokens).concatMap(t -> trades(w, t, opens)).then())
            .then(
                Flux.fromIterable(tokens)
                    .concatMap(
                        t -> messages.publish(new WindowEvents.Close(id, t.tokenId(), closes)))
                    .then());
    return transactions.inTransaction(work);
  }

  /** The demo investors' opening deposits, once per investor (a fixed external reference). */
  private Mono<Void> fund(Instant at) {
    return Flux.fromIterable(BUYERS)
        .concatMap(b -> cash.deposit("demo-data", b, FUNDING, "demo-opening-deposit-" + b, at))
        .then();
  }

  /** In the past window: the issuer offers, the buyers take, at two price levels. */
  private Mono<Void> trades(LiquidityWindow w, TokenInfo t, Instant opens) {
    BigDecimal p = t.issuePrice();
    BigDecimal up =
        p.multiply(new BigDecimal("1.04")).setScale(t.tickSize().scale(), RoundingMode.DOWN);
    String id = w.id().toString();
    List<Mono<Void>> steps = new ArrayList<>();
    steps.add(messages.publish(new WindowEvents.Open(id, t.tokenId(), "continuous", null, opens)));
    steps.add(place(w, t, ISSUER, "sell", "1000", p, opens.plus(Duration.ofMinutes(1))));
    steps.add(place(w, t, BUYERS.get(0), "buy", "100", p, opens.plus(Duration.ofMinutes(10))));
    steps.add(place(w, t, BUYERS.get(1), "buy", "150", p, opens.plus(Duration.ofHours(2))));
    steps.add(place(w, t, ISSUER, "sell", "500", up, opens.plus(Duration.ofHours(3))));
    steps.add(place(w, t, BUYERS.get(0), "buy", "50", up, opens.plus(Duration.ofHours(5))));
    return Flux.concat(steps).then();
  }

  private Mono<Void> place(
      LiquidityWindow w,
      TokenInfo t,
      String owner,
      String side,
      String quantity,
      BigDecimal price,
      Instant at) {
    UUID orderId = uuid("demo-order|" + w.id() + "|" + t.tokenId() + "|" + owner + "|" + at);
    BigDecimal q = new BigDecimal(quantity);
    Order order =
        Order.pending(orderId, owner, new OrderRequest(t.tokenId(), side, q, price), w.id(), at);
    Mono<Void> funded =
        "buy".equals(side)
            ? cash.reserveForBuy(owner, orderId, t.tokenId(), q, price, at).then()
            : Mono.empty();
    return orders
        .insert(order)
        .then(funded)
        .then(
            messages.publish(
                new OrderService.Place(
                    orderId.toString(),
                    owner,
                    t.tokenId(),
                    w.id().toString(),
                    side,
                    q,
                    price,
                    at,
                    null)));
  }

  /** A continuous window open now (opens in a few seconds) with the issuer's offers resting. */
  private Mono<Void> openNow(List<TokenInfo> tokens) {
    Instant opens = clock.instant().plusSeconds(5).truncatedTo(ChronoUnit.SECONDS);
    WindowRequest request =
        new WindowRequest(
            tokens.stream().map(TokenInfo::tokenId).toList(),
            Mechanism.CONTINUOUS,
            opens,
            opens.plus(Duration.ofHours(10)),
            null,
            null);
    return windowService
        .schedule("demo-data", request)
        .then(awaitOpen(tokens.get(0).tokenId()))
        .thenMany(
            Flux.fromIterable(tokens)
                .concatMap(
                    t ->
                        orderService.place(
                            new Trader(ISSUER, false, true, false),
                            new OrderRequest(
                                t.tokenId(),
                                "sell",
                                new BigDecimal("5000"),
                                t.issuePrice()
                                    .multiply(new BigDecimal("1.02"))
                                    .setScale(t.tickSize().scale(), RoundingMode.DOWN)))))
        .then();
  }

  private Mono<LiquidityWindow> awaitOpen(String tokenId) {
    return windows
        .openFor(tokenId)
        .repeatWhenEmpty(60, f -> f.delayElements(Duration.ofSeconds(1)));
  }

  /** A closing-auction window after the open one, on two other tokens. */
  private Mono<Void> later(List<TokenInfo> tokens) {
    Instant opens = clock.instant().plus(Duration.ofHours(10)).truncatedTo(ChronoUnit.MINUTES);
    Instant closes = opens.plus(Duration.ofHours(2));
    return windowService
        .schedule(
            "demo-data",
            new WindowRequest(
                tokens.stream().map(TokenInfo::tokenId).toList(),
                Mechanism.CONTINUOUS_WITH_CLOSING_AUCTION,
                opens,
                closes,
                closes.minus(Duration.ofMinutes(30)),
                new BigDecimal("10")))
        .then();
  }

  /** Next week, Monday to Friday 09:00–17:00 UTC, every token, closing auction from 16:30. */
  private Mono<Void> nextWeek() {
    LocalDate monday =
        LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC)
            .with(TemporalAdjusters.next(DayOfWeek.MONDAY));
    return Flux.range(0, 5)
        .concatMap(
            d -> {
              Instant opens = monday.plusDays(d).atTime(9, 0).toInstant(ZoneOffset.UTC);
              Instant closes = opens.plus(Duration.ofHours(8));
              return windowService
                  .schedule(
                      "demo-data",
                      new WindowRequest(
                          List.of(),
                          Mechanism.CONTINUOUS_WITH_CLOSING_AUCTION,
                          opens,
                          closes,
                          closes.minus(Duration.ofMinutes(30)),
                          null))
                  .then()
                  .onErrorResume(
                      e -> {
                        log.info("Demo window of {} not scheduled: {}", opens, e.getMessage());
                        return Mono.empty();
                      });
            })
        .then();
  }

  static UUID uuid(String name) {
    return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8));
  }
}
