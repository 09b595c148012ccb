package io.equitoken.benchmarks.webhooks;

import com.standardwebhooks.Webhook;
import io.equitoken.benchmarks.cpu.PlatformCpu;
import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestDatabase;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufFlux;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * webhook-service's deliveries, measured for real. Starts the packaged service ({@code
 * webhook-service/target/webhook-service.jar}, its own JVM) on the embedded PostgreSQL and Kafka of
 * platform-test, subscribes {@code --subscriptions} loopback endpoints of a {@link BenchReceiver}
 * through the API, publishes {@code trading.events.v1} {@code trade.executed} events shaped exactly
 * like the contract example, and measures at the receiver:
 *
 * <ol>
 *   <li><b>throughput</b>: {@code --throughput-events} events fanned out to every subscription, as
 *       deliveries/s from the first publish to the last delivery, against the same number of signed
 *       POSTs sent by a bare Reactor Netty client with the service's concurrency ({@code
 *       max-in-flight}) to the same receiver, before and after;
 *   <li><b>latency</b>: {@code --latency-rate} events/s for {@code --latency-seconds}: publish to
 *       arrival of each delivery, p50/p90/p99/max;
 *   <li><b>outage</b>: the receiver's port closed for {@code --outage-seconds} while {@code
 *       --outage-events} events are published, then opened again: every delivery must arrive, once
 *       per {@code webhook-id}, every signature valid (all verified in this phase).
 * </ol>
 *
 * Loopback only; every wait is bounded. Run by {@code benchmarks/webhooks.sh} (docs/benchmarks.md),
 * never by {@code ./mvnw verify}.
 */
public final class WebhookDeliveryBench {

  private static final String TYPE = "equitoken.trading.trade.executed.v1";
  private static final String TOPIC = "trading.events.v1";
  private static final Pattern TRADE_ID = Pattern.compile("\"tradeId\"\\s*:\\s*\"([^\"]*)\"");
  private static final Pattern SECRET = Pattern.compile("\"secret\"\\s*:\\s*\"([^\"]+)\"");

  private final Options o;
  private final Map<Integer, String> secrets = new ConcurrentHashMap<>();
  private final Map<String, Long> publishedAt = new ConcurrentHashMap<>();
  private final String example;
  private BenchReceiver receiver;
  private KafkaProducer<String, String> producer;
  private TestDatabase db;
  private int servicePort;
  private long servicePid;
  private final List<String> report = new ArrayList<>();
  private boolean failed;

  private WebhookDeliveryBench(Options o) throws IOException {
    this.o = o;
    this.example =
        Files.readString(o.root.resolve("contracts/events/trading/examples/" + TYPE + ".json"));
  }

  public static void main(String[] args) throws Exception {
    Options o = Options.parse(args);
    int code;
    try {
      code = new WebhookDeliveryBench(o).run() ? 0 : 1;
    } catch (Exception e) {
      e.printStackTrace();
      code = 2;
    }
    // the embedded broker's and the database's threads would keep the JVM alive
    System.exit(code);
  }

  private boolean run() throws Exception {
    say("infrastructure: embedded Kafka and PostgreSQL (platform-test)");
    String kafka = TestInfrastructure.kafkaBootstrapServers();
    db = TestInfrastructure.database("webhooks");
    receiver = new BenchReceiver(secrets::get, o.verifyEvery, freePort()).start();
    Properties props = new Properties();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka);
    props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    props.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    producer = new KafkaProducer<>(props);
    servicePort = freePort();
    Process service = startService(kafka);
    servicePid = service.pid();
    Thread stopService = new Thread(service::destroy, "stop-webhook-service");
    Runtime.getRuntime().addShutdownHook(stopService);
    try {
      awaitService(service);
      subscribe();
      warmUp();
      if (o.phases.contains("throughput")) {
        throughput();
      }
      if (o.phases.contains("latency")) {
        latency();
      }
      if (o.phases.contains("outage")) {
        outage();
      }
      report.add("delivery table at the end: " + deliveryTable());
    } finally {
      service.destroy();
      if (!service.waitFor(40, TimeUnit.SECONDS)) {
        service.destroyForcibly();
      }
      producer.close(Duration.ofSeconds(5));
      receiver.close();
    }
    System.out.println();
    System.out.println("== results");
    report.forEach(System.out::println);
    return !failed;
  }

  // --- the service ------------------------------------------------------------------------

  private Process startService(String kafka) throws IOException {
    Path log = o.work.resolve("webhook-service.log");
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(Arrays.asList(o.serviceJvm.trim().split("\\s+")));
    if (o.jfr) {
      cmd.add(
          "-XX:StartFlightRecording=settings=profile,filename="
              + o.work.resolve("webhook-service.jfr"));
    }
    cmd.addAll(
        List.of(
            "-jar",
            o.jar.toString(),
            "--server.port=" + servicePort,
            "--spring.r2dbc.url=" + db.r2dbcUrl(),
            "--spring.r2dbc.username=" + db.username(),
            "--spring.r2dbc.password=" + db.password(),
            "--spring.flyway.url=" + db.jdbcUrl(),
            "--spring.flyway.user=" + db.username(),
            "--spring.flyway.password=" + db.password(),
            "--spring.kafka.bootstrap-servers=" + kafka,
            "--equitoken.security.issuer=" + TestJwtIssuer.ISSUER,
            "--equitoken.security.audience=" + TestJwtIssuer.AUDIENCE,
            "--equitoken.security.jwks-uri=" + TestJwtIssuer.jwksUri(),
            // local receivers: the documented local-runs setting (docs/services/webhook-service.md)
            "--equitoken.webhooks.allow-loopback-receivers=true"));
    say("starting webhook-service: " + o.serviceJvm + (o.jfr ? " (JFR)" : "") + " -jar " + o.jar);
    ProcessBuilder builder =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
    // the service has no built-in key sealing signing secrets: a fresh one per run
    byte[] key = new byte[32];
    new java.security.SecureRandom().nextBytes(key);
    builder
        .environment()
        .put("EQUITOKEN_WEBHOOKS_SECRET_KEY", java.util.Base64.getEncoder().encodeToString(key));
    return builder.start();
  }

  private void awaitService(Process service) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
    var http = java.net.http.HttpClient.newHttpClient();
    while (System.nanoTime() < deadline) {
      if (!service.isAlive()) {
        throw new IllegalStateException("webhook-service exited; see " + o.work);
      }
      try {
        var r =
            http.send(
                api("/webhooks/event-types", "bench-owner-0").GET().build(),
                HttpResponse.BodyHandlers.discarding());
        if (r.statusCode() == 200) {
          say("webhook-service is up on port " + servicePort);
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(500);
    }
    throw new IllegalStateException("webhook-service did not come up in 240 s");
  }

  private HttpRequest.Builder api(String path, String principal) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + servicePort + path))
        .timeout(Duration.ofSeconds(30))
        .header("authorization", "Bearer " + TestJwtIssuer.token(principal, "investor"));
  }

  private void subscribe() throws Exception {
    long start = System.nanoTime();
    var http = java.net.http.HttpClient.newHttpClient();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> calls = new ArrayList<>();
      for (int i = 0; i < o.subscriptions; i++) {
        int n = i;
        calls.add(
            pool.submit(
                () -> {
                  String body =
                      "{\"url\":\""
                          + receiver.url(n)
                          + "\",\"eventTypes\":[\"trade.executed\",\"window.opened\"],"
                          + "\"description\":\"benchmark receiver "
                          + n
                          + "\"}";
                  var r =
                      http.send(
                          api("/webhooks/subscriptions", "bench-owner-" + (n % 50))
                              .header("content-type", "application/json")
                              .header("idempotency-key", UUID.randomUUID().toString())
                              .POST(HttpRequest.BodyPublishers.ofString(body))
                              .build(),
                          HttpResponse.BodyHandlers.ofString());
                  Matcher m = SECRET.matcher(r.body());
                  if (r.statusCode() != 201 || !m.find()) {
                    throw new IllegalStateException(
                        "subscribing failed: " + r.statusCode() + " " + r.body());
                  }
                  secrets.put(n, m.group(1));
                  return null;
                }));
      }
      for (Future<?> call : calls) {
        call.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    say(
        "%d subscriptions (trade.executed, window.opened) in %.1f s"
            .formatted(o.subscriptions, seconds(System.nanoTime() - start)));
  }

  // --- events -----------------------------------------------------------------------------

  /** The contract example with a fresh {@code tradeId} (its only change). */
  private String event(String tradeId) {
    return TRADE_ID.matcher(example).replaceFirst("\"tradeId\": \"" + tradeId + "\"");
  }

  private void publish(String tradeId) {
    String id = UUID.randomUUID().toString();
    var record =
        KafkaRecords.cloudEventRecord(
            TOPIC, "win-2026-11-27", id, "/trading-service", TYPE, event(tradeId));
    publishedAt.put(tradeId, System.nanoTime());
    producer.send(record);
  }

  private static String tradeId(String body) {
    Matcher m = TRADE_ID.matcher(body);
    return m.find() ? m.group(1) : "";
  }

  /** Waits (bounded) for {@code latch}; answers whether it opened. */
  private static boolean await(CountDownLatch latch, Duration bound) throws InterruptedException {
    return latch.await(bound.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void warmUp() throws Exception {
    int events = 3;
    CountDownLatch all = new CountDownLatch(events * o.subscriptions);
    receiver.listen(
        hit -> {
          if (tradeId(hit.body()).startsWith("tr-warm-")) {
            all.countDown();
          }
        });
    long start = System.nanoTime();
    for (int e = 0; e < events; e++) {
      publish("tr-warm-" + e);
    }
    producer.flush();
    boolean done = await(all, Duration.ofMinutes(5));
    say(
        "warm-up: %d events x %d subscriptions %s in %.1f s"
            .formatted(
                events,
                o.subscriptions,
                done ? "delivered" : "NOT all delivered",
                seconds(System.nanoTime() - start)));
    bareClient(o.subscriptions, "warm");
  }

  // --- 1. throughput ----------------------------------------------------------------------

  private void throughput() throws Exception {
    int total = o.throughputEvents * o.subscriptions;
    double before = bareClient(total, "before");
    CountDownLatch all = new CountDownLatch(total);
    AtomicLong first = new AtomicLong();
    AtomicLong last = new AtomicLong();
    AtomicInteger duplicates = new AtomicInteger();
    receiver.listen(
        hit -> {
          if (tradeId(hit.body()).startsWith("tr-tp-")) {
            if (hit.count() > 1) {
              duplicates.incrementAndGet();
              return;
            }
            first.compareAndSet(0, hit.arrivedNanos());
            last.set(hit.arrivedNanos());
            all.countDown();
          }
        });
    long invalidBefore = receiver.invalid();
    long cpuBefore = PlatformCpu.processMs(servicePid);
    long start = System.nanoTime();
    for (int e = 0; e < o.throughputEvents; e++) {
      publish("tr-tp-" + e);
    }
    producer.flush();
    boolean done = await(all, Duration.ofMinutes(15));
    double service = (total - all.getCount()) / seconds(last.get() - start);
    double receiverWindow = (total - all.getCount()) / seconds(last.get() - first.get());
    String cpu = cpuPerDelivery(cpuBefore, total - all.getCount());
    double after = bareClient(total, "after");
    double bare = (before + after) / 2;
    String line =
        ("throughput: %d events x %d subscriptions = %d deliveries%s; webhook-service %.0f/s"
                + " (publish of the first event to the last delivery; %.0f/s first to last"
                + " delivery); bare client %.0f/s before, %.0f/s after; ratio %.2f (target >= 0.5);"
                + " %s; duplicates %d, invalid signatures %d")
            .formatted(
                o.throughputEvents,
                o.subscriptions,
                total,
                done ? "" : " (ONLY " + (total - all.getCount()) + " arrived)",
                service,
                receiverWindow,
                before,
                after,
                service / bare,
                cpu,
                duplicates.get(),
                receiver.invalid() - invalidBefore);
    say(line);
    report.add(line);
    failed |= !done || duplicates.get() > 0 || receiver.invalid() > invalidBefore;
  }

  /**
   * Sends {@code total} signed POSTs shaped like deliveries (same body, headers, signatures, one
   * per subscription in turn) with a bare Reactor Netty client at the service's concurrency;
   * answers requests/s.
   */
  private double bareClient(int total, String label) {
    String data =
        TRADE_ID
            .matcher(example.replaceAll("\"(buyerId|sellerId)\"\\s*:\\s*\"[^\"]*\",?", ""))
            .replaceFirst("\"tradeId\": \"tr-bare\"")
            .replaceAll("\\s+", "");
    Map<Integer, Webhook> signers = new ConcurrentHashMap<>();
    ConnectionProvider pool =
        ConnectionProvider.builder("bare-" + label)
            .maxConnections(o.concurrency)
            .pendingAcquireMaxCount(-1)
            .build();
    HttpClient client = HttpClient.create(pool).responseTimeout(Duration.ofSeconds(15));
    AtomicInteger ok = new AtomicInteger();
    long start = System.nanoTime();
    try {
      Flux.range(0, total)
          .flatMap(
              k -> {
                int n = k % o.subscriptions;
                String body =
                    "{\"type\":\"trade.executed\",\"timestamp\":\""
                        + Instant.now()
                        + "\",\"data\":"
                        + data
                        + "}";
                String id = "msg_bare_" + label + "_" + k;
                long ts = Instant.now().getEpochSecond();
                String signature;
                try {
                  signature =
                      signers
                          .computeIfAbsent(n, i -> new Webhook(secrets.get(i)))
                          .sign(id, ts, body);
                } catch (Exception e) {
                  return Mono.error(e);
                }
                return client
                    .headers(
                        h ->
                            h.set("content-type", "application/json")
                                .set("webhook-id", id)
                                .set("webhook-timestamp", Long.toString(ts))
                                .set("webhook-signature", signature))
                    .post()
                    .uri(receiver.url(n))
                    .send(ByteBufFlux.fromString(Mono.just(body)))
                    .responseSingle((r, b) -> b.then(Mono.just(r.status().code())))
                    .doOnNext(code -> ok.incrementAndGet());
              },
              o.concurrency)
          .then()
          .block(Duration.ofMinutes(10));
    } finally {
      pool.disposeLater().block(Duration.ofSeconds(10));
    }
    double rate = ok.get() / seconds(System.nanoTime() - start);
    say("bare client (%s): %d signed POSTs, %.0f/s".formatted(label, ok.get(), rate));
    return rate;
  }

  // --- 2. latency -------------------------------------------------------------------------

  private void latency() throws Exception {
    int events = (int) Math.round(o.latencyRate * o.latencySeconds);
    int total = events * o.subscriptions;
    long[] latencies = new long[total];
    AtomicInteger next = new AtomicInteger();
    AtomicInteger duplicates = new AtomicInteger();
    CountDownLatch all = new CountDownLatch(total);
    receiver.listen(
        hit -> {
          String trade = tradeId(hit.body());
          if (trade.startsWith("tr-lat-")) {
            if (hit.count() > 1) {
              duplicates.incrementAndGet();
              return;
            }
            int i = next.getAndIncrement();
            if (i < total) {
              latencies[i] = hit.arrivedNanos() - publishedAt.get(trade);
            }
            all.countDown();
          }
        });
    long invalidBefore = receiver.invalid();
    long period = Math.round(1e9 / o.latencyRate);
    long cpuBefore = PlatformCpu.processMs(servicePid);
    long start = System.nanoTime();
    for (int e = 0; e < events; e++) {
      long due = start + e * period;
      long wait = due - System.nanoTime();
      if (wait > 0) {
        TimeUnit.NANOSECONDS.sleep(wait);
      }
      publish("tr-lat-" + e);
    }
    producer.flush();
    boolean done = await(all, Duration.ofMinutes(10));
    int n = Math.min(next.get(), total);
    String cpu = cpuPerDelivery(cpuBefore, n);
    long[] sorted = Arrays.copyOf(latencies, n);
    Arrays.sort(sorted);
    String line =
        ("latency: %.1f events/s x %d subscriptions = %.0f deliveries/s for %d s (%d deliveries%s):"
                + " publish to arrival p50 %.0f ms, p90 %.0f ms, p99 %.0f ms, max %.0f ms"
                + " (target p99 < 250 ms); %s; duplicates %d, invalid signatures %d")
            .formatted(
                o.latencyRate,
                o.subscriptions,
                o.latencyRate * o.subscriptions,
                o.latencySeconds,
                total,
                done ? "" : ", ONLY " + n + " arrived",
                millis(sorted, 0.50),
                millis(sorted, 0.90),
                millis(sorted, 0.99),
                millis(sorted, 1.0),
                cpu,
                duplicates.get(),
                receiver.invalid() - invalidBefore);
    say(line);
    report.add(line);
    failed |= !done || duplicates.get() > 0 || receiver.invalid() > invalidBefore;
  }

  /**
   * The service's CPU per delivery since {@code cpuBefore} ({@code utime + stime} of its JVM from
   * {@code /proc}, JIT and GC included): the figure that the machine's other work hardly moves.
   */
  private String cpuPerDelivery(long cpuBefore, long deliveries) {
    long cpuAfter = PlatformCpu.processMs(servicePid);
    if (cpuBefore < 0 || cpuAfter < 0 || deliveries == 0) {
      return "service CPU not measured";
    }
    return "service CPU %.0f µs per delivery"
        .formatted((cpuAfter - cpuBefore) * 1000.0 / deliveries);
  }

  private static double millis(long[] sorted, double q) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int i = (int) Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
    return sorted[Math.max(0, i)] / 1e6;
  }

  // --- 3. receiver down -------------------------------------------------------------------

  private void outage() throws Exception {
    int total = o.outageEvents * o.subscriptions;
    // (subscription, trade) -> the webhook-ids it arrived with; every id's count at the receiver
    Map<String, Set<String>> ids = new ConcurrentHashMap<>();
    Map<String, AtomicInteger> perId = new ConcurrentHashMap<>();
    CountDownLatch all = new CountDownLatch(total);
    AtomicLong lastNew = new AtomicLong();
    receiver.listen(
        hit -> {
          String trade = tradeId(hit.body());
          if (trade.startsWith("tr-down-")) {
            perId
                .computeIfAbsent(hit.uri() + " " + hit.webhookId(), k -> new AtomicInteger())
                .incrementAndGet();
            if (hit.count() == 1) {
              ids.computeIfAbsent(trade + "@" + hit.uri(), k -> ConcurrentHashMap.newKeySet())
                  .add(hit.webhookId());
              lastNew.set(hit.arrivedNanos());
              all.countDown();
            }
          }
        });
    receiver.verifyAll = true;
    long verifiedBefore = receiver.verified();
    long invalidBefore = receiver.invalid();
    receiver.stop();
    long down = System.nanoTime();
    say("receiver down for %d s; publishing %d events".formatted(o.outageSeconds, o.outageEvents));
    long spacing = TimeUnit.SECONDS.toNanos(o.outageSeconds) / 2 / Math.max(1, o.outageEvents);
    for (int e = 0; e < o.outageEvents; e++) {
      long wait = down + e * spacing - System.nanoTime();
      if (wait > 0) {
        TimeUnit.NANOSECONDS.sleep(wait);
      }
      publish("tr-down-" + e);
      producer.flush();
    }
    long wait = down + TimeUnit.SECONDS.toNanos(o.outageSeconds) - System.nanoTime();
    if (wait > 0) {
      TimeUnit.NANOSECONDS.sleep(wait);
    }
    String during = deliveryTable();
    receiver.start();
    long up = System.nanoTime();
    say("receiver up again; delivery table: " + during);
    boolean done = await(all, Duration.ofSeconds(o.settleSeconds));
    long complete = System.nanoTime();
    // read on so that late duplicates are caught too
    TimeUnit.SECONDS.sleep(o.quietSeconds);
    long distinct = perId.size();
    long repeated = perId.values().stream().filter(c -> c.get() > 1).count();
    long pairs = ids.size();
    long pairsWithSeveralIds = ids.values().stream().filter(s -> s.size() > 1).count();
    String line =
        ("receiver down %d s: %d events x %d subscriptions = %d deliveries; %d distinct"
                + " (endpoint, webhook-id) arrived%s, %.0f s after the receiver came back (%.0f s after it went down);"
                + " (endpoint, webhook-id) pairs that arrived more than once: %d (read on for %d s); signatures"
                + " verified %d, invalid %d; (subscription, event) pairs delivered %d, with more"
                + " than one webhook-id %d; delivery table while down: %s")
            .formatted(
                o.outageSeconds,
                o.outageEvents,
                o.subscriptions,
                total,
                distinct,
                done ? "" : " (MISSING " + (total - distinct) + ")",
                seconds((done ? lastNew.get() : complete) - up),
                seconds((done ? lastNew.get() : complete) - down),
                repeated,
                o.quietSeconds,
                receiver.verified() - verifiedBefore,
                receiver.invalid() - invalidBefore,
                pairs,
                pairsWithSeveralIds,
                during);
    say(line);
    report.add(line);
    receiver.verifyAll = false;
    failed |=
        !done
            || repeated > 0
            || pairsWithSeveralIds > 0
            || receiver.invalid() > invalidBefore
            || distinct != total
            || pairs != total;
  }

  // --- helpers ----------------------------------------------------------------------------

  /** Deliveries by status with their attempts, straight from PostgreSQL. */
  private String deliveryTable() {
    try (Connection c = DriverManager.getConnection(db.jdbcUrl(), db.username(), db.password());
        ResultSet rs =
            c.createStatement()
                .executeQuery(
                    "select status, count(*), sum(attempts) from delivery group by status"
                        + " order by status")) {
      Map<String, String> rows = new LinkedHashMap<>();
      while (rs.next()) {
        rows.put(rs.getString(1), rs.getLong(2) + " (" + rs.getLong(3) + " attempts)");
      }
      return rows.toString();
    } catch (Exception e) {
      return "unreadable: " + e.getMessage();
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static double seconds(long nanos) {
    return nanos / 1e9;
  }

  private static void say(String line) {
    System.out.println("[" + Instant.now() + "] " + line);
  }

  /** Command-line options ({@code --name value}); defaults are the documented run. */
  record Options(
      Path root,
      Path jar,
      Path work,
      String serviceJvm,
      boolean jfr,
      Set<String> phases,
      int subscriptions,
      int concurrency,
      int verifyEvery,
      int throughputEvents,
      double latencyRate,
      int latencySeconds,
      int outageSeconds,
      int outageEvents,
      int settleSeconds,
      int quietSeconds) {

    static Options parse(String[] args) throws IOException {
      Map<String, String> a = new LinkedHashMap<>();
      for (int i = 0; i < args.length; i++) {
        if (!args[i].startsWith("--")) {
          throw new IllegalArgumentException("unexpected argument " + args[i]);
        }
        if (args[i].equals("--jfr")) {
          a.put("jfr", "true");
        } else if (i + 1 < args.length) {
          a.put(args[i].substring(2), args[++i]);
        } else {
          throw new IllegalArgumentException("missing value of " + args[i]);
        }
      }
      Path root = Path.of(a.getOrDefault("root", ".")).toAbsolutePath().normalize();
      Path work =
          a.containsKey("work")
              ? Files.createDirectories(Path.of(a.get("work")))
              : Files.createTempDirectory("webhook-bench");
      Options o =
          new Options(
              root,
              Path.of(
                  a.getOrDefault(
                      "jar",
                      root.resolve("webhook-service/target/webhook-service.jar").toString())),
              work,
              a.getOrDefault("service-jvm", "-Xmx768m"),
              a.containsKey("jfr"),
              Set.of(a.getOrDefault("phases", "throughput,latency,outage").split(",")),
              Integer.parseInt(a.getOrDefault("subscriptions", "1000")),
              Integer.parseInt(a.getOrDefault("concurrency", "256")),
              Integer.parseInt(a.getOrDefault("verify-every", "10")),
              Integer.parseInt(a.getOrDefault("throughput-events", "30")),
              Double.parseDouble(a.getOrDefault("latency-rate", "1")),
              Integer.parseInt(a.getOrDefault("latency-seconds", "60")),
              Integer.parseInt(a.getOrDefault("outage-seconds", "180")),
              Integer.parseInt(a.getOrDefault("outage-events", "3")),
              Integer.parseInt(a.getOrDefault("settle-seconds", "900")),
              Integer.parseInt(a.getOrDefault("quiet-seconds", "30")));
      if (o.subscriptions < 1 || o.subscriptions > 10_000 || o.throughputEvents > 1_000) {
        throw new IllegalArgumentException("subscriptions 1..10000, throughput-events <= 1000");
      }
      if (o.latencySeconds > 3_600 || o.outageSeconds > 3_600 || o.settleSeconds > 7_200) {
        throw new IllegalArgumentException("latency/outage at most an hour, settle two hours");
      }
      System.out.println("work directory (service log, JFR): " + work);
      return o;
    }
  }
}
