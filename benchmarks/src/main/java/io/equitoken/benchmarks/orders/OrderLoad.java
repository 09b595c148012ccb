package io.equitoken.benchmarks.orders;

import io.equitoken.benchmarks.cpu.PlatformCpu;
import io.equitoken.benchmarks.gateway.GatewayLoadClient;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Order load through the gateway of a RUNNING platform ({@code ./equitoken up}); it starts nothing
 * itself and talks to loopback addresses only. See docs/benchmarks.md, "Orders through the
 * gateway".
 *
 * <p>The market it makes: the issuer (demo-founder = founder-nova) rests one sell order at the
 * token's current price, big enough for every buy of the run; investors made for the run through
 * the public API (an investor key each, KYC submitted and approved, a deposit: {@link
 * BuyingInvestors}, one per 5 orders/s of the highest rate) send buys of one unit at that price in
 * turn, at a fixed open-loop rate, so that none of them nears the cap of open orders per investor.
 * Every buy is a taker that fills at once against the issuer's order, so the order-to-fill latency
 * is the platform's path (gateway → intake → outbox → matcher → committed event) and never the wait
 * for a counterparty; nobody on the buy side ever sells, so no order can be cancelled by self-trade
 * prevention, and the book holds one resting order of ours all run long. At the end the rest of the
 * issuer's order is cancelled.
 *
 * <p>Intake latency is measured from each order's intended send time (coordinated omission), as is
 * order-to-fill: until the {@code order.filled} event of the order arrives on {@code
 * trading.events.v1}, read with {@code read_committed} from the local broker (no API polling).
 *
 * <p>Options ({@code --name=value}): {@code gateway} (https://localhost:8443), {@code cert}
 * (.local/tls/gateway.crt), {@code kafka} (localhost:19092), {@code rates} (100,250,500 orders/s),
 * {@code duration} (20 s per rate), {@code warmup} (10 s at 50/s), {@code pause} (5 s between
 * rates), {@code max-in-flight} (32: requests in flight, hence connections), {@code token} (the
 * first token of an open window, else one the operator opens a window for), {@code intake} (where
 * the phases' buys go, default the gateway; e.g. {@code http://localhost:8084} sends them straight
 * to trading-service, to measure its intake without the gateway — tokens, setup and the issuer's
 * sell still go through the gateway), {@code investors} (how many buyers to make, default one per 5
 * orders/s of the highest rate, 4..100), {@code home} (.local: whose processes' CPU is counted),
 * {@code idle} (30 s: the platform's idle burn is measured for this long before anything is sent;
 * 0s skips it).
 *
 * <p>CPU per order: every phase samples the CPU time of each platform process ({@link PlatformCpu})
 * before its first order and after its last fill, and divides by the orders filled; the figure
 * includes the phase's share of idle burn. This process's own CPU is reported beside it, not in the
 * total.
 */
public final class OrderLoad {

  private static final String OPERATOR = "demo-operator";
  private static final String OPERATOR_SECRET = "demo-operator-secret-change-me";
  private static final String FOUNDER = "demo-founder";
  private static final String READER = "demo-investor";
  private static final int MAX_ORDERS_PER_PHASE = 100_000;
  private static final Duration MAX_PHASE = Duration.ofMinutes(5);

  private final JsonMapper json = JsonMapper.builder().build();
  private final Map<String, String> options;
  private final URI gateway;
  private final URI intakeUri;
  private final HttpClient http;
  private final ExecutorService httpThreads;

  private OrderLoad(Map<String, String> options) throws Exception {
    this.options = options;
    this.gateway = URI.create(option("gateway", "https://localhost:8443"));
    loopbackOnly(gateway.getHost(), gateway.toString());
    this.intakeUri = URI.create(option("intake", gateway.toString()));
    loopbackOnly(intakeUri.getHost(), intakeUri.toString());
    this.httpThreads = Executors.newFixedThreadPool(4, daemon("order-load-http"));
    this.http =
        HttpClient.newBuilder()
            .sslContext(GatewayLoadClient.trusting(option("cert", ".local/tls/gateway.crt")))
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .executor(httpThreads)
            .build();
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new LinkedHashMap<>();
    for (String a : args) {
      if (!a.startsWith("--") || !a.contains("=")) {
        throw new IllegalArgumentException("options are --name=value: " + a);
      }
      options.put(a.substring(2, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
    }
    int status = new OrderLoad(options).run();
    System.exit(status);
  }

  private int run() throws Exception {
    String kafka = option("kafka", "localhost:19092");
    for (String server : kafka.split(",")) {
      loopbackOnly(server.substring(0, server.lastIndexOf(':')), kafka);
    }
    List<Integer> rates =
        List.of(option("rates", "100,250,500").split(",")).stream()
            .map(String::trim)
            .map(Integer::parseInt)
            .toList();
    Duration duration = Duration.parse("PT" + option("duration", "20s"));
    Duration warmup = Duration.parse("PT" + option("warmup", "10s"));
    Duration pause = Duration.parse("PT" + option("pause", "5s"));
    // each request in flight holds an HTTP/1.1 connection of its own: a few dozen keep-alive
    // connections, like wrk's -c; with hundreds, new TLS handshakes time out on a loaded machine
    int maxInFlight = Integer.parseInt(option("max-in-flight", "32"));
    if (duration.compareTo(MAX_PHASE) > 0 || warmup.compareTo(MAX_PHASE) > 0) {
      throw new IllegalArgumentException("at most " + MAX_PHASE + " per phase");
    }

    PlatformCpu cpu = new PlatformCpu(Path.of(option("home", ".local")));
    Duration idle = Duration.parse("PT" + option("idle", "30s"));
    if (idle.compareTo(MAX_PHASE) > 0) {
      throw new IllegalArgumentException("at most " + MAX_PHASE + " of idle measurement");
    }
    List<String> idleTable = List.of();
    if (!idle.isZero()) {
      if (cpu.sample().isEmpty()) {
        System.err.println("# no platform process found under " + option("home", ".local"));
      }
      String idleLoad = loadAverage();
      Map<String, Long> before = cpu.sample();
      long started = System.nanoTime();
      Thread.sleep(idle.toMillis());
      double seconds = (System.nanoTime() - started) / 1e9;
      idleTable =
          PlatformCpu.table(
              "process",
              List.of(String.format("idle CPU ms per s (%.0f s, load %s)", seconds, idleLoad)),
              List.of(PlatformCpu.delta(before, cpu.sample())),
              List.of(seconds),
              null);
      System.out.println("# idle burn before the run:");
      idleTable.forEach(line -> System.out.println("# " + line));
    }

    // tokens, and a rate limit of their own for every demo key (else this measures the limiter)
    String operator = token(OPERATOR, OPERATOR_SECRET);
    String founder = token(FOUNDER, FOUNDER + "-secret");
    String reader = token(READER, READER + "-secret");
    for (String bearer : List.of(operator, founder, reader)) {
      HttpResponse<String> r = get("/liquidity/windows?status=open", bearer);
      long limit = r.headers().firstValueAsLong("RateLimit-Limit").orElse(0);
      if (limit < 100_000) {
        System.err.printf(
            "the gateway limits a benchmark key to %d calls: start the platform with%n"
                + "  EQUITOKEN_GATEWAY_RATE_LIMIT_BENCHMARK_KEYS=%s,%s,%s"
                + " EQUITOKEN_GATEWAY_RATE_LIMIT_BENCHMARK_ADDRESSES=127.0.0.1%n",
            limit, OPERATOR, FOUNDER, READER);
        return 2;
      }
    }

    String tokenId = tradableToken(reader, operator);
    JsonNode token = readJson(get("/tokens/" + tokenId, reader), 200);
    BigDecimal price = token.get("price").decimalValue().stripTrailingZeros();
    if (price.scale() < 0) {
      price = price.setScale(0);
    }
    long planned = Math.round(warmup.toMillis() / 1000.0 * 50);
    int maxRate = warmup.isZero() ? 0 : 50;
    for (int rate : rates) {
      planned += Math.round(duration.toMillis() / 1000.0 * rate);
      maxRate = Math.max(maxRate, rate);
    }
    // the buyers: fresh investors made through the API, so that no one nears the open-order cap
    int buyerCount =
        Integer.parseInt(option("investors", String.valueOf(BuyingInvestors.needed(maxRate))));
    long setupStarted = System.nanoTime();
    List<BuyingInvestors.Investor> buyers =
        BuyingInvestors.create(
            this::call, operator, "order-load-" + Instant.now().getEpochSecond(), buyerCount);
    List<String> investors = tokens(buyers);
    BigDecimal funding = BuyingInvestors.funding(planned, buyerCount, price);
    for (int i = 0; i < buyers.size(); i++) {
      BuyingInvestors.approve(this::call, operator, buyers.get(i), investors.get(i));
      BuyingInvestors.fund(this::call, operator, buyers.get(i), funding);
    }
    System.out.printf(
        "# %d investors created, KYC approved and funded with %s each in %.1f s%n",
        buyerCount, funding, (System.nanoTime() - setupStarted) / 1e9);
    System.out.printf(
        "# %s order load: token %s at %s, %d buys of 1 planned over %d investors; %s%n",
        Instant.now().truncatedTo(ChronoUnit.SECONDS),
        tokenId,
        price,
        planned,
        buyerCount,
        loadAverage());

    OrderOutcomes outcomes = new OrderOutcomes();
    try (EventListener events = new EventListener(kafka, outcomes).start()) {
      // the issuer's resting sell, one order for the whole run (plus a margin)
      long quantity = planned + planned / 10 + 10; // + the probes
      String sell = place(founder, tokenId, "sell", quantity, price);
      awaitResting(sell, outcomes);
      System.out.printf("# issuer's sell %s of %d at %s is resting%n", sell, quantity, price);
      // one buy per investor, retried while trading still applies the demo facts (KYC, listings):
      // the gates must be open before anything is measured
      for (String investor : investors) {
        String probe = place(investor, tokenId, "buy", 1, price);
        awaitFinal(probe, outcomes);
        System.out.printf("# probe buy %s: %s%n", probe, outcomes.of(probe).state());
      }

      List<String> rows = new ArrayList<>();
      List<String> cpuHeaders = new ArrayList<>();
      List<Map<String, Long>> cpuByPhase = new ArrayList<>();
      List<Double> filledByPhase = new ArrayList<>();
      List<Long> generatorByPhase = new ArrayList<>();
      if (!warmup.isZero()) {
        Phase w = new Phase("warm-up", 50, warmup, tokenId, price, investors, maxInFlight);
        w.run(outcomes, cpu);
        rows.add(w.row());
        w.cpuInto(cpuHeaders, cpuByPhase, filledByPhase, generatorByPhase);
        Thread.sleep(pause.toMillis());
      }
      for (int rate : rates) {
        // fresh tokens for every phase: a long run must not outlive the 15-minute tokens
        investors = tokens(buyers);
        Phase p = new Phase(rate + "/s", rate, duration, tokenId, price, investors, maxInFlight);
        p.run(outcomes, cpu);
        rows.add(p.row());
        p.cpuInto(cpuHeaders, cpuByPhase, filledByPhase, generatorByPhase);
        Thread.sleep(pause.toMillis());
      }

      HttpResponse<String> cancel =
          send("DELETE", "/trade/" + sell, token(FOUNDER, FOUNDER + "-secret"), null);
      System.out.printf(
          "# cancel of the issuer's sell: %d; %d events read, %d unreadable; %s%n",
          cancel.statusCode(), events.events(), events.unreadable(), loadAverage());
      System.out.println();
      System.out.println(
          "| phase | orders/s sent (target) | orders | 202 | errors by status | intake p50 / p99 / max ms"
              + " | filled | not final | order-to-fill p50 / p99 / max ms | load (1 min) start → end |");
      System.out.println("|---|---|---|---|---|---|---|---|---|---|");
      rows.forEach(System.out::println);
      System.out.println();
      System.out.println("CPU ms per filled order (user + system, /proc), by phase:");
      System.out.println();
      PlatformCpu.table("process", cpuHeaders, cpuByPhase, filledByPhase, generatorByPhase)
          .forEach(System.out::println);
      if (!idleTable.isEmpty()) {
        System.out.println();
        System.out.println("Idle burn before the run:");
        System.out.println();
        idleTable.forEach(System.out::println);
      }
    } finally {
      httpThreads.shutdownNow();
    }
    return 0;
  }

  /** One bounded, open-loop phase of buys at a fixed rate. */
  private final class Phase {

    private final String label;
    private final int rate;
    private final int count;
    private final String tokenId;
    private final BigDecimal price;
    private final List<String> investors;
    private final Semaphore inFlight;
    private final int maxInFlight;
    private final long[] intended;
    private final long[] intake;
    private final int[] status;
    private final String[] orderIds;
    private final AtomicInteger done = new AtomicInteger();
    private final Map<String, Integer> errors = new TreeMap<>();
    private String loadBefore;
    private String loadAfter;
    private double sentRate;
    private long fillWaitStart;

    Phase(
        String label,
        int rate,
        Duration duration,
        String tokenId,
        BigDecimal price,
        List<String> investors,
        int maxInFlight) {
      this.label = label;
      this.rate = rate;
      this.count = (int) Math.min(MAX_ORDERS_PER_PHASE, duration.toMillis() * rate / 1000);
      this.tokenId = tokenId;
      this.price = price;
      this.investors = List.copyOf(investors);
      this.maxInFlight = maxInFlight;
      this.inFlight = new Semaphore(maxInFlight);
      this.intended = new long[count];
      this.intake = new long[count];
      this.status = new int[count];
      this.orderIds = new String[count];
    }

    private Map<String, Long> cpuMs;
    private long generatorMs;
    private int filledCount;

    void run(OrderOutcomes outcomes, PlatformCpu cpu) throws InterruptedException {
      loadBefore = loadAverage().split(" ")[0];
      Map<String, Long> cpuBefore = cpu.sample();
      long generatorBefore = PlatformCpu.selfMs();
      long period = 1_000_000_000L / rate;
      long start = System.nanoTime() + 50_000_000L;
      for (int i = 0; i < count; i++) {
        intended[i] = start + i * period;
        long wait = intended[i] - System.nanoTime();
        if (wait > 0) {
          LockSupport.parkNanos(wait);
        }
        if (!inFlight.tryAcquire(10, TimeUnit.SECONDS)) {
          finish(i, -2, null, "client: " + maxInFlight + " in flight for 10 s");
          continue;
        }
        int n = i;
        String body =
            "{\"tokenId\":\""
                + tokenId
                + "\",\"type\":\"buy\",\"quantity\":1,\"maxPrice\":"
                + price.toPlainString()
                + "}";
        HttpRequest request =
            HttpRequest.newBuilder(intakeUri.resolve("/trade"))
                .timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + investors.get(i % investors.size()))
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
            .whenComplete(
                (r, e) -> {
                  try {
                    if (e != null) {
                      Throwable cause = e.getCause() == null ? e : e.getCause();
                      finish(n, -1, null, cause.getClass().getSimpleName());
                    } else if (r.statusCode() == 202) {
                      finish(n, 202, json.readTree(r.body()).get("tradeId").asString(), null);
                    } else {
                      finish(n, r.statusCode(), null, r.statusCode() + " " + code(r.body()));
                    }
                  } catch (RuntimeException unreadable) {
                    finish(n, -1, null, "unreadable answer: " + unreadable.getMessage());
                  } finally {
                    inFlight.release();
                  }
                });
      }
      long sendsEnded = System.nanoTime();
      sentRate = count / ((sendsEnded - start) / 1e9);
      // every answer (bounded by the request timeout), then every accepted order's final event
      inFlight.tryAcquire(maxInFlight, 30, TimeUnit.SECONDS);
      inFlight.release(maxInFlight);
      fillWaitStart = System.nanoTime();
      long deadline = fillWaitStart + 30_000_000_000L;
      while (System.nanoTime() < deadline && notFinal(outcomes) > 0) {
        Thread.sleep(100);
      }
      cpuMs = PlatformCpu.delta(cpuBefore, cpu.sample());
      generatorMs = PlatformCpu.selfMs() - generatorBefore;
      loadAfter = loadAverage().split(" ")[0];
      summarise(outcomes);
    }

    void cpuInto(
        List<String> headers, List<Map<String, Long>> cpu, List<Double> per, List<Long> generator) {
      headers.add(label + " (" + filledCount + " filled, load " + loadAfter + ")");
      cpu.add(cpuMs);
      per.add((double) filledCount);
      generator.add(generatorMs);
    }

    private synchronized void finish(int i, int code, String orderId, String error) {
      intake[i] = System.nanoTime() - intended[i];
      status[i] = code;
      orderIds[i] = orderId;
      if (error != null) {
        errors.merge(error, 1, Integer::sum);
      }
      done.incrementAndGet();
    }

    private synchronized int notFinal(OrderOutcomes outcomes) {
      int open = 0;
      for (int i = 0; i < count; i++) {
        if (orderIds[i] != null && !outcomes.of(orderIds[i]).isFinal()) {
          open++;
        }
      }
      return open + (count - done.get());
    }

    private String summary;

    private synchronized void summarise(OrderOutcomes outcomes) {
      long[] fill = new long[count];
      int accepted = 0;
      int filled = 0;
      int notFinal = 0;
      Map<String, Integer> other = new TreeMap<>();
      for (int i = 0; i < count; i++) {
        if (orderIds[i] == null) {
          continue;
        }
        accepted++;
        OrderOutcomes.Outcome o = outcomes.of(orderIds[i]);
        if (o.state().equals("filled")) {
          fill[filled++] = o.filledNanos() - intended[i];
        } else if (!o.isFinal()) {
          notFinal++;
          other.merge(o.state(), 1, Integer::sum);
        } else {
          other.merge(o.state() + (o.reason() == null ? "" : " " + o.reason()), 1, Integer::sum);
        }
      }
      long[] answered = new long[count];
      int a = 0;
      for (int i = 0; i < count; i++) {
        if (status[i] != 0) {
          answered[a++] = intake[i];
        }
      }
      filledCount = filled;
      Latencies in = Latencies.of(answered, a);
      Latencies toFill = Latencies.of(fill, filled);
      Map<String, Integer> shown = new TreeMap<>(errors);
      other.forEach((k, v) -> shown.merge("order " + k, v, Integer::sum));
      summary =
          String.format(
              "| %s | %.0f (%d) | %d | %d | %s | %s / %s / %s | %d | %d | %s / %s / %s | %s → %s |",
              label,
              sentRate,
              rate,
              count,
              accepted,
              shown.isEmpty() ? "none" : shown.toString(),
              in.ms(0.5),
              in.ms(0.99),
              in.maxMs(),
              filled,
              notFinal,
              toFill.ms(0.5),
              toFill.ms(0.99),
              toFill.maxMs(),
              loadBefore,
              loadAfter);
      System.out.println("# " + summary);
    }

    String row() {
      return summary;
    }
  }

  /** The first token of an open window; else the operator opens a short window on a free one. */
  private String tradableToken(String investor, String operator)
      throws IOException, InterruptedException {
    String chosen = options.get("token");
    JsonNode open = readJson(get("/liquidity/windows?status=open", investor), 200);
    for (JsonNode w : open) {
      if (chosen != null) {
        for (JsonNode t : w.get("tokenIds")) {
          if (t.asString().equals(chosen)) {
            return chosen;
          }
        }
      } else if (!w.get("tokenIds").isEmpty()) {
        return w.get("tokenIds").get(0).asString();
      }
    }
    Instant opens = Instant.now().plusSeconds(15).truncatedTo(ChronoUnit.SECONDS);
    List<String> candidates = new ArrayList<>();
    if (chosen != null) {
      candidates.add(chosen);
    } else {
      for (JsonNode l : readJson(get("/listings", operator), 200)) {
        if (l.hasNonNull("tokenId")) {
          candidates.add(l.get("tokenId").asString());
        }
      }
    }
    for (String candidate : candidates) {
      String window =
          "{\"tokenIds\":[\""
              + candidate
              + "\"],\"mechanism\":\"continuous\",\"opens\":\""
              + opens
              + "\",\"closes\":\""
              + opens.plus(Duration.ofHours(1))
              + "\"}";
      HttpResponse<String> r = send("POST", "/liquidity/windows", operator, window);
      if (r.statusCode() == 201) {
        String id = json.readTree(r.body()).get("id").asString();
        System.out.printf("# scheduled window %s on %s, opens %s%n", id, candidate, opens);
        for (int i = 0; i < 60; i++) {
          JsonNode w = readJson(get("/liquidity/windows/" + id, investor), 200);
          if ("open".equals(w.get("status").asString())) {
            return candidate;
          }
          Thread.sleep(1000);
        }
        throw new IllegalStateException("window " + id + " did not open within a minute");
      }
    }
    throw new IllegalStateException("no open window and none could be scheduled: " + candidates);
  }

  /** Places an order, retrying a gate's 403 for up to two minutes (a platform still starting). */
  private String place(String bearer, String tokenId, String side, long quantity, BigDecimal price)
      throws IOException, InterruptedException {
    String body =
        "{\"tokenId\":\""
            + tokenId
            + "\",\"type\":\""
            + side
            + "\",\"quantity\":"
            + quantity
            + ",\"maxPrice\":"
            + price.toPlainString()
            + "}";
    HttpResponse<String> r = send("POST", "/trade", bearer, body);
    for (int i = 0; i < 60 && r.statusCode() == 403; i++) {
      System.out.printf("# %s refused (%s), retrying in 2 s%n", side, code(r.body()));
      Thread.sleep(2000);
      r = send("POST", "/trade", bearer, body);
    }
    return readJson(r, 202).get("tradeId").asString();
  }

  private static void awaitFinal(String orderId, OrderOutcomes outcomes)
      throws InterruptedException {
    for (int i = 0; i < 600 && !outcomes.of(orderId).isFinal(); i++) {
      Thread.sleep(100);
    }
    if (!outcomes.of(orderId).state().equals("filled")) {
      throw new IllegalStateException(orderId + " did not fill in 60 s: " + outcomes.of(orderId));
    }
  }

  /** Waits (bounded) until the matcher accepted the order, from its events. */
  private static void awaitResting(String orderId, OrderOutcomes outcomes)
      throws InterruptedException {
    for (int i = 0; i < 600; i++) {
      OrderOutcomes.Outcome o = outcomes.of(orderId);
      if (o.state().equals("open") || o.state().equals("partially_filled")) {
        return;
      }
      if (o.isFinal()) {
        throw new IllegalStateException("the issuer's sell " + orderId + " is " + o);
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException("the issuer's sell " + orderId + " was not accepted in 60 s");
  }

  private List<String> tokens(List<BuyingInvestors.Investor> buyers)
      throws IOException, InterruptedException {
    List<String> tokens = new ArrayList<>(buyers.size());
    for (BuyingInvestors.Investor b : buyers) {
      tokens.add(token(b.apiKey(), b.secret()));
    }
    return tokens;
  }

  /** One setup call through the gateway; its body, or an exception naming the answer. */
  private String call(
      String method, String path, String bearer, String contentType, byte[] body, int ok)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(gateway.resolve(path))
            .timeout(Duration.ofSeconds(30))
            .header("Authorization", "Bearer " + bearer)
            .header("Content-Type", contentType)
            .header("Idempotency-Key", UUID.randomUUID().toString())
            .method(method, HttpRequest.BodyPublishers.ofByteArray(body))
            .build();
    HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != ok) {
      throw new IllegalStateException(
          method + " " + path + " answered " + r.statusCode() + ": " + r.body());
    }
    return r.body();
  }

  private String token(String apiKey, String secret) throws IOException, InterruptedException {
    String body = "{\"apiKey\":\"" + apiKey + "\",\"secret\":\"" + secret + "\"}";
    return readJson(send("POST", "/auth/token", null, body), 200).get("accessToken").asString();
  }

  private HttpResponse<String> get(String path, String bearer)
      throws IOException, InterruptedException {
    return send("GET", path, bearer, null);
  }

  private HttpResponse<String> send(String method, String path, String bearer, String body)
      throws IOException, InterruptedException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(gateway.resolve(path)).timeout(Duration.ofSeconds(30));
    if (bearer != null) {
      b.header("Authorization", "Bearer " + bearer);
    }
    if (body != null) {
      b.header("Content-Type", "application/json");
      if (method.equals("POST")) {
        b.header("Idempotency-Key", UUID.randomUUID().toString());
      }
      b.method(method, HttpRequest.BodyPublishers.ofString(body));
    } else {
      b.method(method, HttpRequest.BodyPublishers.noBody());
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private JsonNode readJson(HttpResponse<String> r, int expected) {
    if (r.statusCode() != expected) {
      throw new IllegalStateException(
          r.request().method() + " " + r.uri() + " answered " + r.statusCode() + ": " + r.body());
    }
    return json.readTree(r.body());
  }

  /** The problem's {@code code}, or the start of the body. */
  private String code(String body) {
    try {
      return json.readTree(body).path("code").asString("?");
    } catch (RuntimeException e) {
      return body.length() > 40 ? body.substring(0, 40) : body;
    }
  }

  private String option(String name, String fallback) {
    return options.getOrDefault(name, fallback);
  }

  private static void loopbackOnly(String host, String what) {
    if (!host.equals("localhost") && !host.startsWith("127.") && !host.equals("[::1]")) {
      throw new IllegalArgumentException("loopback targets only: " + what);
    }
  }

  private static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException e) {
      return "? ? ?";
    }
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, name + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
