package io.equitoken.trading.service.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.events.CloudEvents;
import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.PackagedService;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.trading.matcher.kafka.MatcherConfig;
import io.equitoken.trading.matcher.kafka.Replay;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The packaged service, killed with SIGKILL mid-load (twice), joined by a second instance mid-load
 * (a rebalance) and cut off by a restart of the broker (with its data) mid-load, on a broker and a
 * database of the test's own. Every order is sent with an {@code Idempotency-Key} and retried with
 * the same key after a connection failure, as a careful client would. Afterwards: every accepted
 * order exists exactly once with one current, non-pending state; no trade id appears twice among
 * the committed events and no order has two final events; each order's projected fills equal its
 * fill events; and the matcher state a restart would recover (snapshots + replay to the committed
 * offsets) equals a clean replay of the whole command topic through fresh {@code
 * ReferenceMatchingEngine}s, with every token's holdings summing to its supply; every fill moved
 * its cash once; and a transfer rule in force on one token (a maximum holding) was never broken.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CrashRecoveryIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String ISSUER = "founder-crash";
  private static final List<String> INVESTORS = List.of("inv-c1", "inv-c2", "inv-c3", "inv-c4");
  private static final int ORDERS = 360;

  /** The codes of the orders refused at intake. */
  private final List<String> refusals = Collections.synchronizedList(new ArrayList<>());

  /** The maximum holding of the first token per investor: well below what they try to buy. */
  private static final int MAX_HOLDING = 150;

  private static final int PARTITIONS = 4;
  private static final Duration SETTLE = Duration.ofSeconds(180);
  private static final Duration BROKER_AWAY = Duration.ofSeconds(3);

  /**
   * Between two orders of one client: the load lasts through the broker restart and both kills,
   * which wait for so many orders sent, instead of ending before them where the service answers
   * quickly.
   */
  private static final Duration PACE = Duration.ofMillis(100);

  private PackagedTrading trading;
  private PackagedService a;
  private PackagedService b;
  private final List<PackagedService> live = new CopyOnWriteArrayList<>();
  private final Instant started = Instant.now();

  @BeforeAll
  void platform() {
    trading = PackagedTrading.open("trading_crash", "crash-it");
    a = trading.instance("crash-a", settings("crash-a"));
    b = trading.instance("crash-b", settings("crash-b"));
  }

  @AfterAll
  void stop() throws InterruptedException {
    if (trading != null) {
      trading.close();
    }
  }

  private Map<String, String> settings(String instance) {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("equitoken.events.relay-interval", "100ms");
    s.put("equitoken.trading.partitions", String.valueOf(PARTITIONS));
    s.put("equitoken.trading.matcher.instance-id", instance);
    s.put("equitoken.trading.matcher.snapshot-every-commands", "40");
    s.put("equitoken.trading.matcher.snapshot-every", "2s");
    // A SIGKILLed member holds its partitions until its session expires: Kafka's default (45 s,
    // which the product keeps) would stall matching that long after each kill; 6 s is the broker's
    // smallest allowed session. Applies to the matcher's and the listeners' consumers alike.
    s.put("spring.kafka.properties.session.timeout.ms", "6000");
    s.put("spring.kafka.properties.heartbeat.interval.ms", "2000");
    return s;
  }

  @Test
  void shouldLoseAndDuplicateNothingThroughSigkillsARebalanceAndABrokerRestart() throws Exception {
    // given one instance, two tradable tokens, four approved and funded investors and an open
    // window
    live.add(a.start());
    List<String> tokens = List.of(issueToken(), issueToken());
    INVESTORS.forEach(trading::approve);
    INVESTORS.forEach(this::fund);
    String windowId = trading.openWindow(this::base, operator(), tokens);
    // and a transfer rule in force on the first token: nobody may hold more than MAX_HOLDING of it
    setMaxHolding(tokens.get(0), MAX_HOLDING);
    for (String token : tokens) {
      for (String price : List.of("2.50", "2.51", "2.52", "2.53")) {
        place(founder(), PackagedTrading.order(token, "sell", "2000", price), true);
      }
    }

    // when two clients place orders while the first instance is killed twice and a second joins
    AtomicInteger done = new AtomicInteger();
    List<String> accepted = Collections.synchronizedList(new ArrayList<>());
    ExecutorService clients = Executors.newFixedThreadPool(2);
    List<Future<?>> load = new ArrayList<>();
    for (int c = 0; c < 2; c++) {
      int client = c;
      load.add(
          clients.submit(
              () -> {
                Random random = new Random(42 + client);
                for (int i = client; i < ORDERS; i += 2) {
                  String investor = INVESTORS.get(i % INVESTORS.size());
                  String token = tokens.get((i / 2) % tokens.size());
                  boolean buy = random.nextInt(100) < 65;
                  String quantity = String.valueOf(1 + random.nextInt(buy ? 25 : 15));
                  String price =
                      new BigDecimal(buy ? 245 + random.nextInt(12) : 248 + random.nextInt(13))
                          .movePointLeft(2)
                          .toPlainString();
                  String id =
                      place(
                          investorToken(investor),
                          PackagedTrading.order(token, buy ? "buy" : "sell", quantity, price),
                          false);
                  if (id != null) {
                    accepted.add(id);
                  }
                  done.incrementAndGet();
                  Thread.sleep(PACE.toMillis());
                }
                return null;
              }));
    }
    awaitProgress(done, ORDERS / 6);
    phase("broker restart", done);
    restartBroker();
    awaitProgress(done, ORDERS / 3);
    phase("first kill, second instance", done);
    live.remove(a);
    a.kill();
    // the killed instance restarts while the second one starts: both boot at once (one JVM start
    // less to wait for), and whichever is first takes the clients' retries
    ExecutorService boots = Executors.newFixedThreadPool(2);
    List<Future<Boolean>> booted =
        List.of(boots.submit(() -> live.add(a.start())), boots.submit(() -> live.add(b.start())));
    for (Future<Boolean> f : booted) {
      f.get(5, TimeUnit.MINUTES);
    }
    boots.shutdown();
    awaitProgress(done, (ORDERS * 2) / 3);
    phase("second kill", done);
    crash(a);
    for (Future<?> f : load) {
      f.get(10, TimeUnit.MINUTES);
    }
    clients.shutdown();
    phase("load done", done);

    // then every accepted order exists exactly once, with one current state that is not pending
    assertThat(accepted).hasSizeGreaterThan(ORDERS / 2).doesNotHaveDuplicates();
    awaitSettled(accepted);
    phase("settled", done);
    assertThat(
            rows(
                "select count(*) from trade_order where owner_id like 'inv-c%'", r -> r.getLong(1)))
        .containsExactly((long) accepted.size());

    // and the matcher has consumed every command
    MatcherConfig config =
        MatcherConfig.builder(trading.kafka().bootstrapServers()).partitions(PARTITIONS).build();
    awaitCaughtUp(config);
    phase("caught up", done);

    // and the committed events hold no trade twice and no order with two final events
    List<JsonNode> events = committedEvents();
    List<String> tradeIds = ofType(events, "trade.executed").map(e -> text(e, "tradeId")).toList();
    assertThat(tradeIds).isNotEmpty().doesNotHaveDuplicates();
    System.out.printf(
        "CrashRecoveryIT: %d orders accepted, %d trades, %d committed events%n",
        accepted.size(), tradeIds.size(), events.size());
    Map<String, Long> finals =
        events.stream()
            .filter(CrashRecoveryIT::isFinal)
            .collect(Collectors.groupingBy(e -> text(e, "orderId"), Collectors.counting()));
    assertThat(finals.values()).allMatch(n -> n == 1L);

    // and the rule held through the crashes: no investor ever held more than the maximum of the
    // first token, and it did refuse orders (at intake from the projected holdings, or in the
    // matcher where those lagged), so it bound
    Map<String, BigDecimal> mostHeld = new HashMap<>();
    ofType(events, "holding.changed")
        .filter(e -> tokens.get(0).equals(text(e, "tokenId")))
        .filter(e -> INVESTORS.contains(text(e, "ownerId")))
        .forEach(e -> mostHeld.merge(text(e, "ownerId"), decimal(e, "quantity"), BigDecimal::max));
    assertThat(mostHeld.values())
        .isNotEmpty()
        .allMatch(q -> q.compareTo(BigDecimal.valueOf(MAX_HOLDING)) <= 0);
    long refusedByRule =
        ofType(events, "order.rejected")
                .filter(e -> "rule.max_holding".equals(text(e.get("reason"), "code")))
                .count()
            + refusals.stream().filter("rule-max-holding"::equals).count();
    assertThat(refusedByRule)
        .as("orders refused by the rule; intake refusals %s", refusals)
        .isPositive();

    // and each order's projected state agrees with its events (read again now: an order seen
    // "open" above may have filled since, and the projection may still be catching up)
    Map<String, BigDecimal> filledByEvents = new HashMap<>();
    ofType(events, "order.filled")
        .forEach(
            e -> filledByEvents.merge(text(e, "orderId"), decimal(e, "quantity"), BigDecimal::add));
    Map<String, JsonNode> projected = awaitProjected(accepted, filledByEvents);
    phase("projected", done);
    for (String id : accepted) {
      JsonNode status = projected.get(id);
      assertThat(status.get("filledQuantity").decimalValue())
          .as("filled quantity of %s", id)
          .isEqualByComparingTo(filledByEvents.getOrDefault(id, BigDecimal.ZERO));
      String state = status.get("status").asString();
      if (Set.of("filled", "rejected", "cancelled", "expired").contains(state)) {
        assertThat(finals).as("final event of %s (%s)", id, state).containsEntry(id, 1L);
      }
    }

    // and the state a restart recovers equals a clean replay of the whole command topic
    Replay.Result clean = Replay.clean(config);
    Replay.Result recovered = Replay.recovered(config);
    assertThat(clean.stateHashes()).containsKeys(tokens.toArray(String[]::new));
    assertThat(recovered.stateHashes()).isEqualTo(clean.stateHashes());
    // and so does what the two running matchers hold in memory (between them, every partition,
    // once the group has settled: a killed member keeps its partitions until its session expires)
    Map<String, Long> running = runningStateHashes();
    phase("running hashes", done);
    assertThat(running).isEqualTo(clean.stateHashes());
    assertThat(clean.conservation()).containsOnlyKeys(tokens).doesNotContainValue(false);

    // and every fill moved its cash exactly once, from the buyer's reservation to the seller
    assertCashSettledOnce(tradeIds);
  }

  /**
   * Delivery versus payment through the crashes: one settlement per execution, each with exactly
   * one buyer's and one seller's line; every order spent what its lines say; no account overdrawn;
   * and the books balanced (balances = deposits, nothing else came in or went out).
   */
  private void assertCashSettledOnce(List<String> tradeIds) throws Exception {
    List<String> settled = rows("select trade_id from cash_settlement", r -> r.getString(1));
    assertThat(settled).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(tradeIds);
    assertThat(rows("select status from cash_settlement", r -> r.getString(1)))
        .containsOnly("settled");
    for (String kind : List.of("buy", "sell")) {
      assertThat(
              rows(
                  "select trade_id, count(*) from cash_entry where kind = '"
                      + kind
                      + "' group by trade_id",
                  r -> r.getString(1) + "=" + r.getLong(2)))
          .as("%s lines per trade", kind)
          .hasSize(tradeIds.size())
          .allMatch(line -> line.endsWith("=1"));
    }
    assertThat(
            rows(
                "select r.order_id from cash_reservation r where r.spent <> coalesce((select"
                    + " -sum(e.amount) from cash_entry e where e.kind = 'buy' and e.order_id ="
                    + " r.order_id), 0) or r.spent + r.released > r.amount",
                r -> r.getString(1)))
        .as("reservations whose spending disagrees with their lines")
        .isEmpty();
    assertThat(
            rows(
                "select owner_id from cash_account where reserved < 0 or balance < reserved",
                r -> r.getString(1)))
        .as("overdrawn accounts")
        .isEmpty();
    JsonNode books = get("/cash/summary", operator());
    assertThat(books).isNotNull();
    assertThat(books.get("balanced").asBoolean()).as("books %s", books).isTrue();
    assertThat(books.get("balances").decimalValue())
        .isEqualByComparingTo(FUNDING.multiply(BigDecimal.valueOf(INVESTORS.size())));
  }

  // ---- the load --------------------------------------------------------------------------------

  /** Where the time goes (the test's own output; CI logs show it). */
  private void phase(String name, AtomicInteger done) {
    System.out.printf(
        "CrashRecoveryIT: %s after %d s, %d orders sent%n",
        name, Duration.between(started, Instant.now()).toSeconds(), done.get());
  }

  private void crash(PackagedService process) throws Exception {
    live.remove(process);
    process.kill();
    // the retried requests of the clients land on the other instance, if any, meanwhile
    live.add(process.start());
  }

  /**
   * The broker shuts down cleanly and starts again on its log at the same address while the clients
   * go on placing orders (the instances accept them into their outboxes meanwhile).
   */
  private void restartBroker() throws InterruptedException {
    trading.kafka().stopKeepingData();
    Thread.sleep(BROKER_AWAY.toMillis());
    trading.kafka().start();
  }

  private static void awaitProgress(AtomicInteger done, int target) throws InterruptedException {
    Instant deadline = Instant.now().plus(Duration.ofMinutes(5));
    while (done.get() < target && Instant.now().isBefore(deadline)) {
      Thread.sleep(50);
    }
    assertThat(done.get()).as("orders sent").isGreaterThanOrEqualTo(target);
  }

  /**
   * Places an order with an idempotency key, retrying on a connection failure (the instance may be
   * dead) with the same key; answers the trade id of a 202, or null for a 4xx (e.g. a sell beyond
   * the holding is accepted and rejected later, but a gate may refuse at once).
   */
  private String place(String bearer, String body, boolean mustAccept) {
    String key = UUID.randomUUID().toString();
    Instant deadline = Instant.now().plus(SETTLE);
    while (Instant.now().isBefore(deadline)) {
      try {
        HttpResponse<String> r = trading.post(base(), "/trade", bearer, body, key);
        if (r.statusCode() == 202) {
          return text(JSON.readTree(r.body()), "tradeId");
        }
        if (r.statusCode() >= 500 || (mustAccept && r.statusCode() == 403)) {
          pause();
          continue;
        }
        assertThat(mustAccept).as("%s: %s", r.statusCode(), r.body()).isFalse();
        refusals.add(String.valueOf(text(JSON.readTree(r.body()), "code")));
        return null;
      } catch (IOException unreachable) {
        pause();
      }
    }
    throw new AssertionError("No answer for " + body + " within " + SETTLE);
  }

  private Map<String, JsonNode> awaitSettled(List<String> ids) throws InterruptedException {
    Map<String, JsonNode> statuses = new TreeMap<>();
    Instant deadline = Instant.now().plus(SETTLE);
    while (statuses.size() < ids.size() && Instant.now().isBefore(deadline)) {
      for (String id : ids) {
        if (!statuses.containsKey(id)) {
          JsonNode status = get("/trade/status/" + id, operator());
          if (status != null && !"pending".equals(status.get("status").asString())) {
            statuses.put(id, status);
          }
        }
      }
      if (statuses.size() < ids.size()) {
        Thread.sleep(500);
      }
    }
    assertThat(statuses).as("orders out of pending").hasSize(ids.size());
    return statuses;
  }

  private void awaitCaughtUp(MatcherConfig config) throws Exception {
    try (Admin admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, trading.kafka().bootstrapServers()))) {
      Instant deadline = Instant.now().plus(SETTLE);
      Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
      for (int p = 0; p < PARTITIONS; p++) {
        latest.put(new TopicPartition(config.commandsTopic(), p), OffsetSpec.latest());
      }
      while (true) {
        Map<TopicPartition, OffsetAndMetadata> committed =
            admin.listConsumerGroupOffsets(config.groupId()).partitionsToOffsetAndMetadata().get();
        var ends = admin.listOffsets(latest).all().get();
        boolean caughtUp =
            ends.entrySet().stream()
                .allMatch(
                    e ->
                        e.getValue().offset() == 0
                            || (committed.get(e.getKey()) != null
                                && committed.get(e.getKey()).offset() >= e.getValue().offset()));
        if (caughtUp) {
          return;
        }
        assertThat(Instant.now()).as("matcher caught up").isBefore(deadline);
        Thread.sleep(500);
      }
    }
  }

  /**
   * Every order's status once its projected filled quantity equals its fill events (bounded wait);
   * answers the last statuses read, matching or not, for the assertions to report.
   */
  private Map<String, JsonNode> awaitProjected(List<String> ids, Map<String, BigDecimal> filled)
      throws InterruptedException {
    Map<String, JsonNode> latest = new TreeMap<>();
    Set<String> matching = new java.util.HashSet<>();
    Instant deadline = Instant.now().plus(SETTLE);
    while (matching.size() < ids.size() && Instant.now().isBefore(deadline)) {
      for (String id : ids) {
        if (matching.contains(id)) {
          continue;
        }
        JsonNode status = get("/trade/status/" + id, operator());
        if (status != null) {
          latest.put(id, status);
          if (status
                  .get("filledQuantity")
                  .decimalValue()
                  .compareTo(filled.getOrDefault(id, BigDecimal.ZERO))
              == 0) {
            matching.add(id);
          }
        }
      }
      if (matching.size() < ids.size()) {
        Thread.sleep(500);
      }
    }
    return latest;
  }

  /**
   * The running matchers' state hashes, merged, once both instances answer and together serve every
   * partition exactly once (bounded wait).
   */
  private Map<String, Long> runningStateHashes() throws InterruptedException {
    Instant deadline = Instant.now().plus(SETTLE);
    while (true) {
      Map<String, Long> running = new TreeMap<>();
      List<Integer> served = new ArrayList<>();
      for (PackagedService instance : List.of(a, b)) {
        JsonNode state = trading.get(instance.baseUrl(), "/actuator/matcher", operator());
        if (state != null && state.get("running").asBoolean()) {
          state.get("partitions").forEach(p -> served.add(p.asInt()));
          state
              .get("stateHashes")
              .properties()
              .forEach(e -> running.put(e.getKey(), e.getValue().asLong()));
        }
      }
      if (served.size() == PARTITIONS && Set.copyOf(served).size() == PARTITIONS) {
        return running;
      }
      assertThat(Instant.now()).as("partitions served: " + served).isBefore(deadline);
      Thread.sleep(1000);
    }
  }

  // ---- facts, window, HTTP ----------------------------------------------------------------------

  private String issueToken() {
    String tokenId = UUID.randomUUID().toString();
    trading.list(ISSUER, tokenId, "Crash token");
    return tokenId;
  }

  /** What each investor deposits before the load: enough for every buy it places. */
  private static final BigDecimal FUNDING = new BigDecimal("3000.00");

  /** Deposits {@link #FUNDING} once (a fixed external reference), retrying while unreachable. */
  private void fund(String investorId) {
    String body =
        "{\"ownerId\":\""
            + investorId
            + "\",\"amount\":"
            + FUNDING.toPlainString()
            + ",\"externalReference\":\"crash-funding-"
            + investorId
            + "\"}";
    Instant deadline = Instant.now().plus(SETTLE);
    while (Instant.now().isBefore(deadline)) {
      try {
        HttpResponse<String> r = trading.post(base(), "/cash/deposits", operator(), body, null);
        if (r.statusCode() == 201 || r.statusCode() == 200) {
          return;
        }
        assertThat(r.statusCode()).as(r.body()).isGreaterThanOrEqualTo(500);
      } catch (IOException unreachable) {
        // the instance is still starting
      }
      pause();
    }
    throw new AssertionError("No deposit for " + investorId + " within " + SETTLE);
  }

  /** The operator's rules version for the token: at most {@code max} tokens per holder. */
  private void setMaxHolding(String token, int max) throws Exception {
    HttpResponse<String> set =
        trading.put(
            base(),
            "/tokens/" + token + "/rules",
            operator(),
            JSON.writeValueAsString(
                Map.of("maxHolding", max, "reason", "holder cap under crashes")));
    assertThat(set.statusCode()).as(set.body()).isEqualTo(200);
  }

  private JsonNode get(String path, String bearer) {
    return trading.get(base(), path, bearer);
  }

  /** The base URL of a live instance (the first, else any): clients fail over between them. */
  private String base() {
    List<PackagedService> now = List.copyOf(live);
    return now.isEmpty() ? a.baseUrl() : now.get(0).baseUrl();
  }

  private static void pause() {
    try {
      Thread.sleep(300);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static String operator() {
    return TestJwtIssuer.token("operator-crash", "operator");
  }

  private static String founder() {
    return TestJwtIssuer.token(ISSUER, "founder");
  }

  private static String investorToken(String investor) {
    return TestJwtIssuer.token(investor, "investor");
  }

  // ---- events and database ---------------------------------------------------------------------

  private List<JsonNode> committedEvents() {
    List<ConsumerRecord<String, String>> records =
        KafkaRecords.consume(
            trading.kafka().bootstrapServers(), MatcherConfig.EVENTS_TOPIC, r -> true, 1, SETTLE);
    List<JsonNode> events = new ArrayList<>();
    for (ConsumerRecord<String, String> r : records) {
      var envelope = CloudEvents.fromRecord(r);
      JsonNode data = JSON.readTree(envelope.dataJson());
      ((tools.jackson.databind.node.ObjectNode) data).put("__type", envelope.type());
      events.add(data);
    }
    return events;
  }

  private static java.util.stream.Stream<JsonNode> ofType(List<JsonNode> events, String name) {
    String type = "equitoken.trading." + name + ".v1";
    return events.stream().filter(e -> type.equals(text(e, "__type")));
  }

  private static boolean isFinal(JsonNode e) {
    String type = text(e, "__type");
    return type.equals("equitoken.trading.order.rejected.v1")
        || type.equals("equitoken.trading.order.cancelled.v1")
        || type.equals("equitoken.trading.order.expired.v1")
        || (type.equals("equitoken.trading.order.filled.v1")
            && decimal(e, "remainingQuantity").signum() == 0);
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? null : v.asString();
  }

  private static BigDecimal decimal(JsonNode node, String field) {
    return node.get(field).decimalValue();
  }

  private interface Row<T> {
    T read(ResultSet rs) throws SQLException;
  }

  private <T> List<T> rows(String sql, Row<T> row) throws SQLException {
    try (Connection c =
            DriverManager.getConnection(
                trading.database().jdbcUrl(),
                trading.database().username(),
                trading.database().password());
        var statement = c.createStatement();
        ResultSet rs = statement.executeQuery(sql)) {
      List<T> out = new ArrayList<>();
      while (rs.next()) {
        out.add(row.read(rs));
      }
      return out;
    }
  }
}
