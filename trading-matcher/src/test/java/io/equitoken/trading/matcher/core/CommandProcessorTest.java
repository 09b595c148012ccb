package io.equitoken.trading.matcher.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.EventContracts;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The translation of one scripted session, event by event, and the dedupe rules. */
class CommandProcessorTest {

  private static final String T = "70c00000-0000-4000-8000-000000000001";

  private final Commands c = new Commands(T);
  private final CommandProcessor processor = new CommandProcessor(EngineFactory.FAST);

  private List<String> apply(MatcherCommand command) {
    List<MatcherEvent> events = processor.apply(command);
    for (MatcherEvent e : events) {
      assertThat(EventContracts.violations(e.type(), e.dataJson()))
          .as(e.type() + " " + e.dataJson())
          .isEmpty();
      assertThat(e.key()).isEqualTo(T);
    }
    return events.stream().map(CommandProcessorTest::summary).toList();
  }

  /** The facts of an event that a reader checks, in a compact line. */
  static String summary(MatcherEvent e) {
    JsonNode d = JsonCodec.data(e);
    return switch (e.name()) {
      case "order.accepted" ->
          "accepted "
              + name(d, "orderId")
              + " "
              + f(d, "side")
              + " "
              + f(d, "quantity")
              + "@"
              + f(d, "limitPrice");
      case "order.rejected" ->
          "rejected " + name(d, "orderId") + " " + d.get("reason").get("code").asString();
      case "order.filled" ->
          "filled "
              + name(d, "orderId")
              + " "
              + f(d, "quantity")
              + "@"
              + f(d, "price")
              + " total "
              + f(d, "filledQuantity")
              + " left "
              + f(d, "remainingQuantity")
              + " avg "
              + f(d, "averagePrice")
              + " "
              + f(d, "status");
      case "order.cancelled" ->
          "cancelled "
              + name(d, "orderId")
              + " "
              + f(d, "reason")
              + " filled "
              + f(d, "filledQuantity")
              + " left "
              + f(d, "remainingQuantity");
      case "order.expired" ->
          "expired "
              + name(d, "orderId")
              + " filled "
              + f(d, "filledQuantity")
              + " left "
              + f(d, "remainingQuantity");
      case "trade.executed" ->
          "trade "
              + f(d, "quantity")
              + "@"
              + f(d, "price")
              + " "
              + f(d, "buyerId")
              + "<-"
              + f(d, "sellerId");
      case "holding.changed" ->
          "holding "
              + f(d, "ownerId")
              + " #"
              + f(d, "sequence")
              + " "
              + f(d, "reason")
              + " delta "
              + f(d, "delta")
              + " -> "
              + f(d, "quantity")
              + "/"
              + f(d, "availableQuantity");
      case "price.updated" ->
          "price " + f(d, "previousPrice") + "->" + f(d, "price") + " " + f(d, "reason");
      case "transfer.executed" ->
          "transfer " + f(d, "quantity") + " " + f(d, "fromId") + "->" + f(d, "toId");
      case "transfer.rejected" -> "transfer rejected " + d.get("reason").get("code").asString();
      case "auction.result" ->
          "auction "
              + f(d, "cleared")
              + " "
              + f(d, "clearingPrice")
              + " vol "
              + f(d, "volume")
              + " imb "
              + f(d, "imbalance")
              + " "
              + f(d, "imbalanceSide");
      case "auction.indicative" ->
          "indicative "
              + f(d, "indicativePrice")
              + " vol "
              + f(d, "indicativeVolume")
              + " imb "
              + f(d, "imbalance")
              + " "
              + f(d, "imbalanceSide");
      default -> e.name() + " " + d;
    };
  }

  private static String f(JsonNode d, String field) {
    JsonNode n = d.get(field);
    return n.isNull() ? "null" : n.isNumber() ? n.decimalValue().toPlainString() : n.asString();
  }

  private static String name(JsonNode d, String field) {
    String id = d.get(field).asString();
    for (String n : List.of("S1", "S2", "S3", "B1", "B2", "B3", "B4", "X1", "X2", "X3")) {
      if (Commands.uuid(n).equals(id)) {
        return n;
      }
    }
    return id;
  }

  @Test
  void shouldTranslateAContinuousSessionEventByEvent() {
    assertThat(apply(c.register("1000", "9.5")))
        .containsExactly("holding founder-nova #1 issuance delta 1000 -> 1000/1000");
    assertThat(apply(c.open("W", "continuous", null))).isEmpty();
    assertThat(apply(c.place("S1", "founder-nova", "W", "sell", "300", "10")))
        .containsExactly(
            "accepted S1 sell 300@10",
            "holding founder-nova #2 order_reserved delta 0 -> 1000/700");
    assertThat(apply(c.place("B1", "alice", "W", "buy", "100", "10.5")))
        .containsExactly(
            "accepted B1 buy 100@10.5",
            "trade 100@10 alice<-founder-nova",
            "filled B1 100@10 total 100 left 0 avg 10 filled",
            "filled S1 100@10 total 100 left 200 avg 10 partially_filled",
            "holding alice #1 purchase delta 100 -> 100/100",
            "holding founder-nova #3 sale delta -100 -> 900/700",
            "price 9.5->10 trade");
    MatcherCommand b2 = c.place("B2", "bob", "W", "buy", "80", "12");
    assertThat(apply(b2))
        .containsExactly(
            "accepted B2 buy 80@12",
            "trade 80@10 bob<-founder-nova",
            "filled B2 80@10 total 80 left 0 avg 10 filled",
            "filled S1 80@10 total 180 left 120 avg 10 partially_filled",
            "holding bob #1 purchase delta 80 -> 80/80",
            "holding founder-nova #4 sale delta -80 -> 820/700");
    // the same command again, and the same order under a new command id: nothing
    assertThat(apply(b2)).isEmpty();
    assertThat(apply(c.place("B2", "bob", "W", "buy", "80", "12"))).isEmpty();
    assertThat(apply(c.place("S2", "alice", "W", "sell", "50", "9.8")))
        .containsExactly(
            "accepted S2 sell 50@9.8", "holding alice #2 order_reserved delta 0 -> 100/50");
    // a secondary trade with alice at 9.80, then the issuer's 10.00
    assertThat(apply(c.place("B3", "bob", "W", "buy", "60", "12")))
        .containsExactly(
            "accepted B3 buy 60@12",
            "trade 50@9.8 bob<-alice",
            "filled B3 50@9.8 total 50 left 10 avg 9.8 partially_filled",
            "filled S2 50@9.8 total 50 left 0 avg 9.8 filled",
            "holding bob #2 trade_buy delta 50 -> 130/130",
            "holding alice #3 trade_sell delta -50 -> 50/50",
            "price 10->9.8 trade",
            "trade 10@10 bob<-founder-nova",
            "filled B3 10@10 total 60 left 0 avg 9.83333333 filled",
            "filled S1 10@10 total 190 left 110 avg 10 partially_filled",
            "holding bob #3 purchase delta 10 -> 140/140",
            "holding founder-nova #5 sale delta -10 -> 810/700",
            "price 9.8->10 trade");
    assertThat(apply(c.place("B4", "bob", "W", "buy", "10", "9")))
        .containsExactly("accepted B4 buy 10@9");
    assertThat(apply(c.cancel("B4", "bob")))
        .containsExactly("cancelled B4 requested filled 0 left 10");
    assertThat(apply(c.cancel("B4", "bob"))).isEmpty();
    apply(c.place("S3", "alice", "W", "sell", "20", "15"));
    assertThat(apply(c.cancel("S3", "alice")))
        .containsExactly(
            "cancelled S3 requested filled 0 left 20",
            "holding alice #5 order_released delta 0 -> 50/50");
    assertThat(apply(c.place("X1", "alice", "W", "sell", "500", "10")))
        .containsExactly("rejected X1 position.insufficient_available");
    assertThat(apply(c.place("X2", "alice", "W", "buy", "1", "10.005")))
        .containsExactly("rejected X2 input.off_tick");
    assertThat(apply(c.transfer("T1", "alice", "carol", "40")))
        .containsExactly(
            "transfer 40 alice->carol",
            "holding alice #6 transfer_out delta -40 -> 10/10",
            "holding carol #1 transfer_in delta 40 -> 40/40");
    assertThat(apply(c.transfer("T2", "alice", "carol", "40")))
        .containsExactly("transfer rejected position.insufficient_available");
    assertThat(apply(c.close("W")))
        .containsExactly(
            "expired S1 filled 190 left 110",
            "holding founder-nova #6 order_released delta 0 -> 810/810");
    assertThat(apply(c.place("X3", "bob", "W", "buy", "1", "10")))
        .containsExactly("rejected X3 window.closed");
    // a late duplicate of the window's opening does not reopen it
    assertThat(apply(c.open("W", "continuous", null))).isEmpty();
    assertThat(processor.book(T).windowId).isNull();
    assertThat(processor.conservation()).containsEntry(T, true);
  }

  @Test
  void shouldUncrossAClosingAuctionAndPublishIndicativePricesOnlyWhenTheyChange() {
    apply(c.register("1000", "10"));
    apply(c.open("W", "continuous", "10"));
    assertThat(apply(c.place("X1", "alice", "W", "buy", "5", "11.01")))
        .containsExactly("rejected X1 order.price_outside_band");
    apply(c.callPhase("W"));
    assertThat(apply(c.indicate("W"))).isEmpty();
    apply(c.place("S1", "founder-nova", "W", "sell", "100", "10"));
    apply(c.place("B1", "alice", "W", "buy", "60", "10.4"));
    assertThat(apply(c.indicate("W"))).containsExactly("indicative 10 vol 60 imb 40 sell");
    assertThat(apply(c.indicate("W"))).isEmpty();
    apply(c.place("B2", "bob", "W", "buy", "60", "10.2"));
    assertThat(apply(c.indicate("W"))).containsExactly("indicative 10.2 vol 100 imb 20 buy");
    List<String> close = apply(c.close("W"));
    assertThat(close)
        .containsExactly(
            "auction true 10.2 vol 100 imb 20 buy",
            "price 10->10.2 auction_clearing",
            "trade 60@10.2 alice<-founder-nova",
            "filled B1 60@10.2 total 60 left 0 avg 10.2 filled",
            "filled S1 60@10.2 total 60 left 40 avg 10.2 partially_filled",
            "holding alice #1 purchase delta 60 -> 60/60",
            "holding founder-nova #3 sale delta -60 -> 940/900",
            "trade 40@10.2 bob<-founder-nova",
            "filled B2 40@10.2 total 40 left 20 avg 10.2 partially_filled",
            "filled S1 40@10.2 total 100 left 0 avg 10.2 filled",
            "holding bob #1 purchase delta 40 -> 40/40",
            "holding founder-nova #4 sale delta -40 -> 900/900",
            "expired B2 filled 40 left 20");
  }

  @Test
  void shouldRejectOrdersOfUnknownTokensAndWindowsThatAreNotOpen() {
    assertThat(apply(c.place("B1", "alice", "W", "buy", "1", "10")))
        .containsExactly("rejected B1 token.unknown");
    apply(c.register("1000", "10"));
    apply(c.open("W", "continuous", null));
    assertThat(apply(c.place("B2", "alice", "OTHER", "buy", "1", "10")))
        .containsExactly("rejected B2 window.closed");
    // a rejected order id stays used
    assertThat(apply(c.place("B2", "alice", "W", "buy", "1", "10"))).isEmpty();
  }

  @Test
  void shouldDeriveEventIdsFromTheCommandSoThatAReplayRepeatsThem() {
    CommandProcessor other = new CommandProcessor(EngineFactory.REFERENCE);
    List<MatcherCommand> script = new ArrayList<>();
    script.add(c.register("1000", "10"));
    script.add(c.open("W", "continuous", null));
    script.add(c.place("S1", "founder-nova", "W", "sell", "300", "10"));
    script.add(c.place("B1", "alice", "W", "buy", "100", "10"));
    List<String> first = new ArrayList<>();
    List<String> second = new ArrayList<>();
    for (MatcherCommand command : script) {
      processor.apply(command).forEach(e -> first.add(e.id() + e.type() + e.dataJson()));
      other.apply(command).forEach(e -> second.add(e.id() + e.type() + e.dataJson()));
    }
    assertThat(first).isEqualTo(second).doesNotHaveDuplicates();
    assertThat(first.stream().map(s -> s.substring(0, 36)).collect(Collectors.toSet()))
        .hasSize(first.size());
  }

  private static MatcherCommand.Rules minOrderSize(String tokens) {
    return new MatcherCommand.Rules(
        null, null, false, Set.of(), Set.of(), null, null, false, new BigDecimal(tokens));
  }

  private static MatcherCommand.Rules accreditedOnly() {
    return new MatcherCommand.Rules(null, null, true, Set.of(), Set.of(), null, null, false, null);
  }

  private static MatcherCommand.Rules lockup(long days) {
    return new MatcherCommand.Rules(null, null, false, Set.of(), Set.of(), null, days, false, null);
  }

  @Test
  void shouldApplyARulesVersionFromTheFirstCommandAtItsEffectiveTime() {
    apply(c.register("1000", "10"));
    apply(c.open("W", "continuous", null));
    // effective one second after the rules command; each command is 250 ms later
    assertThat(apply(c.rules(1, minOrderSize("10"), 1_000))).isEmpty();
    assertThat(apply(c.place("B1", "alice", "W", "buy", "5", "9")))
        .containsExactly("accepted B1 buy 5@9");
    apply(c.cancel("B1", "alice"));
    apply(c.indicate("W"));
    assertThat(apply(c.place("B2", "alice", "W", "buy", "5", "9")))
        .containsExactly("rejected B2 rule.min_order_size");
    // an older version arriving late changes nothing
    assertThat(apply(c.rules(1, minOrderSize("1"), 0))).isEmpty();
    assertThat(apply(c.place("B3", "alice", "W", "buy", "5", "9")))
        .containsExactly("rejected B3 rule.min_order_size");
    assertThat(processor.book(T).engine.snapshot().rules().version()).isEqualTo(1);
  }

  @Test
  void shouldRememberTheInvestorFactsOrdersCarry() {
    apply(c.register("1000", "10"));
    apply(c.open("W", "continuous", null));
    apply(c.rules(1, accreditedOnly(), 0));
    assertThat(apply(c.place("B1", "alice", "W", "buy", "5", "9", "DE", false)))
        .containsExactly("rejected B1 rule.accredited_only");
    assertThat(apply(c.place("B2", "alice", "W", "buy", "5", "9")))
        .as("an order without facts is judged by the facts last carried")
        .containsExactly("rejected B2 rule.accredited_only");
    assertThat(apply(c.place("B3", "alice", "W", "buy", "5", "9", "DE", true)))
        .containsExactly("accepted B3 buy 5@9");
    assertThat(apply(c.place("S1", "founder-nova", "W", "sell", "10", "9", null, false)))
        .as("the issuer stays exempt whatever its facts")
        .startsWith("accepted S1 sell 10@9");
  }

  @Test
  void shouldJudgeLockupsByCommandTimesAlikeAfterSnapshotAndRestore() {
    apply(c.register("1000", "10"));
    apply(c.open("W", "continuous", null));
    apply(c.rules(1, lockup(1), 0));
    apply(c.place("S1", "founder-nova", "W", "sell", "100", "10"));
    apply(c.place("B1", "alice", "W", "buy", "100", "10", "DE", true));
    CommandProcessor restored = new CommandProcessor(EngineFactory.REFERENCE);
    restored.restore(processor.snapshot(T));
    List<MatcherCommand> rest = new ArrayList<>();
    rest.add(c.place("S2", "alice", "W", "sell", "10", "11"));
    c.advance(java.time.Duration.ofDays(1));
    rest.add(c.place("S3", "alice", "W", "sell", "10", "11"));
    List<String> original = new ArrayList<>();
    List<String> replayed = new ArrayList<>();
    for (MatcherCommand command : rest) {
      processor.apply(command).forEach(e -> original.add(e.id() + e.type() + e.dataJson()));
      restored.apply(command).forEach(e -> replayed.add(e.id() + e.type() + e.dataJson()));
    }
    assertThat(replayed).isEqualTo(original);
    assertThat(restored.stateHashes()).isEqualTo(processor.stateHashes());
    assertThat(original.get(0)).contains("rule.lockup");
    assertThat(original.get(1)).contains("order.accepted");
  }

  @Test
  void shouldStopTheUncrossOfAHaltedCallPhaseAndReplayItAlike() {
    apply(c.register("1000", "10"));
    apply(c.open("W", "continuous", null));
    apply(c.callPhase("W"));
    apply(c.place("S1", "founder-nova", "W", "sell", "100", "10"));
    apply(c.place("B1", "alice", "W", "buy", "60", "10.4"));
    assertThat(apply(c.indicate("W"))).containsExactly("indicative 10 vol 60 imb 40 sell");
    // a halt cancels nothing by itself
    assertThat(apply(c.halt(false))).isEmpty();
    CommandProcessor restored = new CommandProcessor(EngineFactory.REFERENCE);
    restored.restore(processor.snapshot(T));
    List<MatcherCommand> rest =
        List.of(
            c.place("B2", "bob", "W", "buy", "10", "10.4"),
            c.indicate("W"),
            c.cancel("B1", "alice"),
            c.place("B3", "bob", "W", "buy", "10", "10.4"),
            c.close("W"));
    List<List<String>> original = new ArrayList<>();
    List<String> published = new ArrayList<>();
    List<String> replayed = new ArrayList<>();
    for (MatcherCommand command : rest) {
      List<MatcherEvent> events = processor.apply(command);
      events.forEach(e -> published.add(e.id() + e.type() + e.dataJson()));
      original.add(events.stream().map(CommandProcessorTest::summary).toList());
      assertThat(processor.apply(command)).isEmpty(); // a duplicate changes nothing
      restored.apply(command).forEach(e -> replayed.add(e.id() + e.type() + e.dataJson()));
    }
    assertThat(original.get(0)).containsExactly("rejected B2 market.halted");
    assertThat(original.get(1)).isEmpty(); // no indicative auction while halted
    assertThat(original.get(2)).first().isEqualTo("cancelled B1 requested filled 0 left 60");
    assertThat(original.get(3)).containsExactly("rejected B3 market.halted");
    // the close does not uncross: no auction, no trade; the sell expires
    assertThat(original.get(4))
        .containsExactly(
            "expired S1 filled 0 left 100",
            "holding founder-nova #3 order_released delta 0 -> 1000/1000");
    assertThat(restored.stateHashes()).isEqualTo(processor.stateHashes());
    assertThat(replayed).isEqualTo(published);
  }

  @Test
  void shouldCancelRestingOrdersWhenTheHaltAsksAndAcceptOrdersAgainAfterTheResume() {
    apply(c.register("1000", "10"));
    apply(c.open("W", "continuous", null));
    apply(c.place("S1", "founder-nova", "W", "sell", "100", "11"));
    apply(c.place("B1", "alice", "W", "buy", "60", "10"));
    assertThat(apply(c.halt(true)))
        .containsExactly(
            "cancelled S1 market.halted filled 0 left 100",
            "holding founder-nova #3 order_released delta 0 -> 1000/1000",
            "cancelled B1 market.halted filled 0 left 60");
    assertThat(apply(c.place("B2", "alice", "W", "buy", "5", "11")))
        .containsExactly("rejected B2 market.halted");
    assertThat(apply(c.resume())).isEmpty();
    assertThat(apply(c.place("B3", "alice", "W", "buy", "5", "11")))
        .containsExactly("accepted B3 buy 5@11");
  }

  @Test
  void shouldCancelAFrozenInvestorsOrdersAndRefuseTheirOrdersAndTransfersOut() {
    apply(c.register("1000", "10"));
    apply(c.open("W", "continuous", null));
    apply(c.place("S1", "founder-nova", "W", "sell", "100", "10"));
    apply(c.place("B1", "alice", "W", "buy", "30", "10"));
    apply(c.place("B2", "alice", "W", "buy", "10", "9"));
    apply(c.place("B3", "bob", "W", "buy", "10", "9"));
    apply(c.place("S2", "alice", "W", "sell", "5", "12"));
    CommandProcessor restored = new CommandProcessor(EngineFactory.REFERENCE);
    restored.restore(processor.snapshot(T));
    MatcherCommand freeze = c.freeze("alice");
    List<String> frozen = apply(freeze);
    restored.apply(freeze);
    // alice's resting orders go, oldest first; bob's stays; her 30 lots stay hers
    assertThat(frozen)
        .containsExactly(
            "cancelled B2 investor.frozen filled 0 left 10",
            "cancelled S2 investor.frozen filled 0 left 5",
            "holding alice #3 order_released delta 0 -> 30/30");
    MatcherCommand place = c.place("B4", "alice", "W", "buy", "1", "10");
    assertThat(apply(place)).containsExactly("rejected B4 investor.frozen");
    MatcherCommand out = c.transfer("X1", "alice", "bob", "5");
    assertThat(apply(out)).containsExactly("transfer rejected investor.frozen");
    // transfers in are not stopped
    assertThat(apply(c.transfer("X2", "founder-nova", "alice", "5")))
        .isNotEmpty()
        .noneMatch(line -> line.contains("rejected"));
    // the same commands after a restore: the freeze survives the snapshot
    assertThat(restored.apply(place).stream().map(CommandProcessorTest::summary))
        .containsExactly("rejected B4 investor.frozen");
    assertThat(restored.apply(out).stream().map(CommandProcessorTest::summary))
        .containsExactly("transfer rejected investor.frozen");
    assertThat(apply(c.unfreeze("alice"))).isEmpty();
    assertThat(apply(c.place("S3", "alice", "W", "buy", "1", "10")))
        .first()
        .isEqualTo("accepted S3 buy 1@10");
    CommandProcessor again = new CommandProcessor(EngineFactory.FAST);
    again.restore(processor.snapshot(T));
    assertThat(again.stateHashes()).isEqualTo(processor.stateHashes());
  }

  @Test
  void shouldRememberAnHourOfOrderIdsAndRefuseAnOrderAcceptedBeforeThat() {
    apply(c.register("1000", "10"));
    apply(c.open("W", "continuous", null));
    // (each repeat is a command of its own: a command id seen lately is ignored before this)
    assertThat(apply(c.place("B1", "alice", "W", "buy", "1", "9")))
        .containsExactly("accepted B1 buy 1@9");
    assertThat(apply(c.cancel("B1", "alice"))).hasSize(1);
    apply(c.place("B2", "bob", "W", "buy", "1", "9"));

    // 59 minutes of orders later B1 is still known: its repeat changes nothing
    c.shift(java.time.Duration.ofMinutes(59));
    apply(c.place("B3", "carol", "W", "buy", "1", "9"));
    assertThat(apply(c.place("B1", "alice", "W", "buy", "1", "9"))).isEmpty();
    assertThat(processor.book(T).recentOrders).hasSize(3);

    // once the token's latest order is more than an hour younger, B1 and B2 are forgotten, and an
    // order accepted that long ago is refused rather than placed: it cannot be told apart from a
    // repeat of one forgotten (B2 is still open, so its repeat is still known)
    c.shift(java.time.Duration.ofMinutes(2));
    apply(c.place("B4", "dave", "W", "buy", "1", "9"));
    assertThat(processor.book(T).recentOrders.keySet())
        .containsExactly(Commands.uuid("B3"), Commands.uuid("B4"));
    assertThat(apply(c.place("B2", "bob", "W", "buy", "1", "9"))).isEmpty();
    c.shift(java.time.Duration.ofMinutes(-62));
    assertThat(apply(c.place("B1", "alice", "W", "buy", "1", "9")))
        .containsExactly("rejected B1 order.stale");
    assertThat(apply(c.place("X1", "erin", "W", "buy", "1", "9")))
        .containsExactly("rejected X1 order.stale");

    // the memory and the latest time survive a snapshot, so a restored token decides alike
    CommandProcessor restored = new CommandProcessor(EngineFactory.FAST);
    restored.restore(processor.snapshot(T));
    assertThat(restored.stateHashes()).isEqualTo(processor.stateHashes());
    assertThat(restored.apply(c.place("X2", "erin", "W", "buy", "1", "9")))
        .extracting(CommandProcessorTest::summary)
        .containsExactly("rejected X2 order.stale");
    c.shift(java.time.Duration.ofMinutes(62));
    assertThat(restored.apply(c.place("B3", "carol", "W", "buy", "1", "9"))).isEmpty();
  }
}
