package io.equitoken.trading.service.it;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.context.TestPropertySource;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;

/**
 * Not a test: a profile of order intake alone (no gateway, no matcher), run by hand and never by
 * {@code verify} (the name matches neither surefire's nor failsafe's patterns). Sends {@code
 * profile.warm} then {@code profile.orders} buys of 1 with {@code profile.concurrency} in flight
 * straight to the service, records the second batch with JFR ({@code profile.jfr}) and prints CPU
 * time per order by thread group and PostgreSQL's counters per order (docs/benchmarks.md, "Where an
 * order's intake time goes").
 */
// every order rests (no matcher): the per-token cap on open orders would refuse all but the first
@TestPropertySource(properties = "equitoken.trading.max-open-orders-per-token=1000000")
class IntakeProfile extends TradingIntegrationTest {

  @LocalServerPort int port;

  @Test
  void profile() throws Exception {
    String issuer = "founder-" + UUID.randomUUID();
    String token = fixtures.tradableToken(issuer);
    fixtures.openWindow(token);
    String[] bearers = {
      Api.investor(fixtures.approvedInvestor()), Api.investor(fixtures.approvedInvestor())
    };
    WebClient client = WebClient.builder().baseUrl("http://localhost:" + port).build();
    int warm = Integer.getInteger("profile.warm", 1500);
    int n = Integer.getInteger("profile.orders", 4000);
    int conc = Integer.getInteger("profile.concurrency", 32);
    run(client, token, bearers, warm, conc);
    Thread.sleep(2000);
    Map<String, Long> dbBefore = counters();
    Map<String, Long> cpuBefore = threadCpu();
    Recording rec = new Recording(Configuration.getConfiguration("profile"));
    rec.start();
    long t0 = System.nanoTime();
    int ok = run(client, token, bearers, n, conc);
    long wall = System.nanoTime() - t0;
    rec.stop();
    Path jfr = Path.of(System.getProperty("profile.jfr", "/tmp/orders-perf-intake.jfr"));
    rec.dump(jfr);
    Map<String, Long> cpuAfter = threadCpu();
    Thread.sleep(2000);
    Map<String, Long> dbAfter = counters();
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            "# orders %d ok %d wall %.1f s => %.0f orders/s%n",
            n, ok, wall / 1e9, n / (wall / 1e9)));
    long total = 0;
    for (var e : cpuAfter.entrySet()) {
      long d = e.getValue() - cpuBefore.getOrDefault(e.getKey(), 0L);
      total += d;
      if (d > 1_000_000L * n / 100) {
        out.append(String.format("cpu %-40s %8.3f ms/order%n", e.getKey(), d / 1e6 / n));
      }
    }
    out.append(String.format("cpu %-40s %8.3f ms/order%n", "ALL THREADS", total / 1e6 / n));
    for (var e : dbAfter.entrySet()) {
      long d = e.getValue() - dbBefore.getOrDefault(e.getKey(), 0L);
      if (d != 0) {
        out.append(String.format("db  %-40s %8.2f per order%n", e.getKey(), (double) d / n));
      }
    }
    System.out.println(out);
    java.nio.file.Files.writeString(Path.of(jfr + ".txt"), out);
  }

  private int run(WebClient client, String token, String[] bearers, int n, int conc) {
    AtomicInteger ok = new AtomicInteger();
    Map<String, Integer> refusals = new java.util.concurrent.ConcurrentHashMap<>();
    String body =
        "{\"tokenId\":\"" + token + "\",\"type\":\"buy\",\"quantity\":1,\"maxPrice\":2.5}";
    Flux.range(0, n)
        .flatMap(
            i ->
                client
                    .post()
                    .uri("/trade")
                    .headers(h -> h.setBearerAuth(bearers[i % 2]))
                    .header("Idempotency-Key", UUID.randomUUID().toString())
                    .contentType(MediaType.APPLICATION_JSON)
                    .bodyValue(body)
                    .exchangeToMono(
                        r ->
                            r.statusCode().value() == 202
                                ? r.releaseBody().doOnSuccess(v -> ok.incrementAndGet())
                                : r.bodyToMono(String.class)
                                    .defaultIfEmpty("")
                                    .doOnNext(
                                        b ->
                                            refusals.merge(
                                                r.statusCode().value() + " " + b, 1, Integer::sum))
                                    .then())
                    .onErrorResume(
                        e -> {
                          refusals.merge(e.toString(), 1, Integer::sum);
                          return reactor.core.publisher.Mono.empty();
                        }),
            conc)
        .blockLast(Duration.ofMinutes(10));
    // a profile of refusals measures the wrong path: say so
    refusals.entrySet().stream()
        .limit(5)
        .forEach(e -> System.out.println("# not accepted x" + e.getValue() + ": " + e.getKey()));
    return ok.get();
  }

  private static Map<String, Long> threadCpu() {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    Map<String, Long> byGroup = new TreeMap<>();
    for (long id : mx.getAllThreadIds()) {
      ThreadInfo info = mx.getThreadInfo(id);
      long cpu = mx.getThreadCpuTime(id);
      if (info == null || cpu < 0) {
        continue;
      }
      String group = info.getThreadName().replaceAll("[-_#]?\\d+$", "").replaceAll("\\d+", "N");
      byGroup.merge(group, cpu, Long::sum);
    }
    return byGroup;
  }

  private Map<String, Long> counters() {
    Map<String, Long> m = new TreeMap<>();
    db.sql(
            "select xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted,"
                + " tup_updated, tup_deleted from pg_stat_database where datname ="
                + " current_database()")
        .map(
            row -> {
              for (String c :
                  new String[] {
                    "xact_commit",
                    "xact_rollback",
                    "tup_returned",
                    "tup_fetched",
                    "tup_inserted",
                    "tup_updated",
                    "tup_deleted"
                  }) {
                m.put("database " + c, row.get(c, Long.class));
              }
              return 1;
            })
        .all()
        .blockLast(Duration.ofSeconds(10));
    db.sql(
            "select relname, coalesce(seq_scan,0) + coalesce(idx_scan,0) as scans, n_tup_ins"
                + " from pg_stat_user_tables")
        .map(
            row -> {
              m.put("scans " + row.get("relname", String.class), row.get("scans", Long.class));
              m.put("ins " + row.get("relname", String.class), row.get("n_tup_ins", Long.class));
              return 1;
            })
        .all()
        .blockLast(Duration.ofSeconds(10));
    return m;
  }
}
