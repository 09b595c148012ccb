package io.equitoken.benchmarks;

import exchange.core2.core.common.OrderAction;
import exchange.core2.core.common.OrderType;
import exchange.core2.core.common.api.ApiCancelOrder;
import exchange.core2.core.common.api.ApiCommand;
import exchange.core2.core.common.api.ApiMoveOrder;
import exchange.core2.core.common.api.ApiPlaceOrder;
import exchange.core2.core.common.api.ApiReduceOrder;
import io.equitoken.trading.engine.EngineCommand;
import io.equitoken.trading.engine.EngineCommand.AmendOrder;
import io.equitoken.trading.engine.EngineCommand.CancelOrder;
import io.equitoken.trading.engine.EngineCommand.CreditHolding;
import io.equitoken.trading.engine.EngineCommand.OpenWindow;
import io.equitoken.trading.engine.EngineCommand.PlaceOrder;
import io.equitoken.trading.engine.PriceBand;
import io.equitoken.trading.engine.Side;
import io.equitoken.trading.engine.TimeInForce;
import io.equitoken.trading.engine.WindowPhase;
import io.equitoken.trading.engine.fast.FastMatchingEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Generates an order flow shaped like exchange-core's throughput benchmark: one book held near
 * 1,000 resting orders over roughly 750 price levels, 1,000 owners, and a command mix of about 71%
 * price moves toward the last trade (which may cross), 13% new resting orders near the last trade,
 * 7% cancels, 7% reductions and 2% immediate-or-cancel orders at the band edge. Sizes are 1 + r³
 * with r uniform in [0, 5); cancels and amends target one of the 512 oldest orders.
 *
 * <p>The generator drives a live engine while it writes, so every command is valid for it, and it
 * is seeded, so a seed always yields the identical list.
 */
public final class FlowGenerator {
  public static final int SYMBOL = 1;
  public static final long OWNERS = 1_000;
  public static final long START_PRICE = 100_000;
  public static final long BAND = START_PRICE / 20; // IOC orders go to ±5% of the last trade
  public static final long HOLDING = 1_000_000_000L;
  static final int TARGET_ORDERS = 1_000;
  static final long PRICE_DEVIATION = 1_000;

  private final Random random;
  private final FastMatchingEngine engine = new FastMatchingEngine(START_PRICE, 4 * TARGET_ORDERS);
  private final FlowModel model = new FlowModel(START_PRICE);
  private final Map<String, Long> mix = new TreeMap<>();
  private long nextOrderId = 1;
  private List<EngineCommand> ours;
  private List<ApiCommand> theirs;

  private FlowGenerator(long seed) {
    this.random = new Random(seed);
  }

  public static OrderFlow generate(long seed, int commands) {
    return new FlowGenerator(seed).run(commands);
  }

  private OrderFlow run(int commands) {
    List<EngineCommand> setup = new ArrayList<>();
    for (long owner = 1; owner <= OWNERS; owner++) {
      setup.add(new CreditHolding(owner, HOLDING));
    }
    setup.add(new OpenWindow(WindowPhase.CONTINUOUS, PriceBand.NONE));
    setup.forEach(c -> engine.process(c, model));
    ours = setup;
    theirs = new ArrayList<>();
    while (model.bids < TARGET_ORDERS / 2 || model.asks < TARGET_ORDERS / 2) {
      newRestingOrder(model.bids < model.asks);
    }
    List<ApiCommand> exchangeCoreSetup = theirs;
    ours = new ArrayList<>(commands);
    theirs = new ArrayList<>(commands);
    mix.clear();
    for (int i = 0; i < commands; i++) {
      next();
    }
    if (model.rejections > 0) {
      throw new IllegalStateException("generator produced " + model.rejections + " rejections");
    }
    return new OrderFlow(setup, ours, exchangeCoreSetup, theirs, Map.copyOf(mix));
  }

  /**
   * Book-size feedback as in exchange-core's generator: a side short of its 500 orders gets new
   * resting orders often (1 in 5), a full side gets immediate-or-cancel orders instead (1 in 20),
   * and the rest are moves, cancels and reductions of old orders. The mix of 71 / 13 / 7 / 7 / 2
   * emerges from this loop; {@link OrderFlow#mix()} reports what a run really produced.
   */
  private void next() {
    boolean buy = random.nextBoolean();
    boolean grow = (buy ? model.bids : model.asks) < TARGET_ORDERS / 2;
    int q = random.nextInt(grow ? 10 : 40);
    if (q < 2 || model.resting.isEmpty()) {
      if (grow || model.resting.isEmpty()) {
        newRestingOrder(buy);
      } else {
        immediateOrCancel(buy);
      }
      return;
    }
    FlowModel.Resting old = model.oldest(random.nextInt(Math.min(512, model.resting.size())));
    if (q == 2) {
      cancel(old, "cancel");
    } else if (q == 3) {
      reduce(old);
    } else {
      movePrice(old);
    }
  }

  /** Passive, near the last trade: the deviation's square makes most orders land close to it. */
  private void newRestingOrder(boolean buy) {
    double u = random.nextDouble();
    long offset = 1 + (long) (u * u * PRICE_DEVIATION);
    long price = buy ? model.lastTradePrice - offset : model.lastTradePrice + offset;
    place(buy, price, TimeInForce.GOOD_TILL_WINDOW_CLOSE, "new");
  }

  private void immediateOrCancel(boolean buy) {
    long price = buy ? START_PRICE + BAND : START_PRICE - BAND;
    place(buy, price, TimeInForce.IMMEDIATE_OR_CANCEL, "ioc");
  }

  private void place(boolean buy, long price, TimeInForce tif, String kind) {
    long owner = 1 + random.nextInt((int) OWNERS);
    long id = nextOrderId++;
    long lots = size();
    Side side = buy ? Side.BUY : Side.SELL;
    emit(
        new PlaceOrder(id, owner, side, price, lots, tif),
        ApiPlaceOrder.builder()
            .symbol(SYMBOL)
            .uid(owner)
            .orderId(id)
            .price(price)
            // a bid's reserve price caps how far exchange-core lets it move up later
            .reservePrice(buy ? START_PRICE * 2 : 0)
            .size(lots)
            .action(buy ? OrderAction.BID : OrderAction.ASK)
            .orderType(tif == TimeInForce.IMMEDIATE_OR_CANCEL ? OrderType.IOC : OrderType.GTC)
            .build(),
        kind);
  }

  /** 1% of the way to the last trade price, rounded away from zero, so orders drift inward. */
  private void movePrice(FlowModel.Resting o) {
    long distance = model.lastTradePrice - o.price;
    long step;
    if (distance > 0) {
      step = (distance + 99) / 100;
    } else if (distance < 0) {
      step = -((-distance + 99) / 100);
    } else {
      step = random.nextBoolean() ? 1 : -1;
    }
    long price = o.price + step;
    emit(
        new AmendOrder(o.id, o.owner, price, o.lots),
        ApiMoveOrder.builder().symbol(SYMBOL).uid(o.owner).orderId(o.id).newPrice(price).build(),
        "move");
  }

  /** Reducing by the whole remainder is a cancel: exchange-core accepts it, our amend does not. */
  private void reduce(FlowModel.Resting o) {
    long by = 1 + random.nextInt((int) Math.min(o.lots, Integer.MAX_VALUE));
    if (by == o.lots) {
      cancel(o, "reduce");
      return;
    }
    emit(
        new AmendOrder(o.id, o.owner, o.price, o.lots - by),
        ApiReduceOrder.builder().symbol(SYMBOL).uid(o.owner).orderId(o.id).reduceSize(by).build(),
        "reduce");
  }

  private void cancel(FlowModel.Resting o, String kind) {
    emit(
        new CancelOrder(o.id, o.owner),
        ApiCancelOrder.builder().symbol(SYMBOL).uid(o.owner).orderId(o.id).build(),
        kind);
  }

  private long size() {
    double r = random.nextDouble() * 5;
    return 1 + (long) (r * r * r);
  }

  private void emit(EngineCommand command, ApiCommand exchangeCore, String kind) {
    engine.process(command, model);
    ours.add(command);
    theirs.add(exchangeCore);
    mix.merge(kind, 1L, Long::sum);
  }
}
