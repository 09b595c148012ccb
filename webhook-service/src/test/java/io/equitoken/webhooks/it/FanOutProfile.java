package io.equitoken.webhooks.it;

import static org.awaitility.Awaitility.await;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Not a test: a profile of the fan-out consumer, run by hand and never by {@code verify} (the name
 * matches neither surefire's nor failsafe's patterns). With {@code profile.subscriptions} enabled
 * subscriptions of other investors to the private types, publishes {@code profile.warm} then {@code
 * profile.events} events as trading does for orders (order accepted, holding changed, cash changed,
 * price updated: none wanted by any subscription) in Kafka transactions of {@code profile.burst},
 * and prints the CPU time per event of the listener container's thread, the database driver's event
 * loops and the PostgreSQL server, and the events per poll (docs/benchmarks.md, "Fan-out per poll"
 * under "Webhook deliveries").
 */
class FanOutProfile extends WebhooksIntegrationBase {

  private static final String[] TYPES = {
    "equitoken.trading.order.accepted.v1",
    "equitoken.trading.holding.changed.v1",
    "equitoken.trading.cash.changed.v1",
    "equitoken.trading.price.updated.v1"
  };

  @Test
  void profile() throws Exception {
    int subscriptions = Integer.getInteger("profile.subscriptions", 200);
    int warm = Integer.getInteger("profile.warm", 2000);
    int n = Integer.getInteger("profile.events", 4000);
    int burst = Integer.getInteger("profile.burst", 8);
    String owner = "profile-" + UUID.randomUUID();
    for (int i = 0; i < subscriptions; i++) {
      subscription(owner + "-" + i);
    }
    try {
      publish(warm, burst);
      Map<String, Long> before = threadCpu();
      long postgres = postgresCpuTicks();
      long polls = polls();
      long t0 = System.nanoTime();
      publish(n, burst);
      long wall = System.nanoTime() - t0;
      Map<String, Long> after = threadCpu();
      postgres = postgresCpuTicks() - postgres;
      polls = polls() - polls;
      Map<String, Long> groups = new TreeMap<>();
      after.forEach(
          (thread, cpu) -> {
            long used = cpu - before.getOrDefault(thread, 0L);
            groups.merge(group(thread), used, Long::sum);
          });
      System.out.printf(
          "%d events in %.1f s, %d subscriptions, bursts of %d, %.1f events per poll%n",
          n, wall / 1e9, subscriptions, burst, polls == 0 ? 0.0 : (double) n / polls);
      groups.forEach(
          (group, cpu) ->
              System.out.printf("  %-24s %8.1f µs CPU per event%n", group, cpu / 1e3 / n));
      // clock ticks of 10 ms (USER_HZ 100)
      System.out.printf("  %-24s %8.1f µs CPU per event%n", "postgresql", postgres * 1e4 / n);
    } finally {
      db.sql("delete from subscription where owner_id like $1")
          .bind(0, owner + "-%")
          .then()
          .block(Duration.ofSeconds(30));
    }
  }

  /** Publishes {@code n} events in Kafka transactions of {@code burst} and waits until applied. */
  private void publish(int n, int burst) {
    List<String> ids = new ArrayList<>();
    List<Events.Event> events = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String type = TYPES[i % TYPES.length];
      String investor = "inv-profile-" + UUID.randomUUID();
      String id = UUID.randomUUID().toString();
      ids.add(id);
      String data =
          Events.example(
              type,
              e -> {
                if (e.has("ownerId")) {
                  e.put("ownerId", investor);
                }
              });
      events.add(new Events.Event(id, type, "token-" + (i % 4), data));
      if (events.size() == burst) {
        Events.sendTogether(events);
        events.clear();
      }
    }
    if (!events.isEmpty()) {
      Events.sendTogether(events);
    }
    await()
        .atMost(Duration.ofMinutes(10))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () ->
                count(
                        "select count(*) from processed_event where event_id = any($1)",
                        (Object) ids.toArray(String[]::new))
                    == n);
  }

  /**
   * CPU of the database server in clock ticks: its postmaster (with the children it has reaped) and
   * its live processes, found from a backend of this service's pool ({@code /proc}, Linux).
   */
  private long postgresCpuTicks() throws java.io.IOException {
    int backend = db.sql("select pg_backend_pid()").map(r -> r.get(0, Integer.class)).one().block();
    long postmaster = Long.parseLong(stat(backend)[1]);
    String[] own = stat(postmaster);
    long ticks = 0;
    for (int i = 11; i <= 14; i++) {
      ticks += Long.parseLong(own[i]);
    }
    try (var procs = java.nio.file.Files.list(java.nio.file.Path.of("/proc"))) {
      for (var dir : procs.toList()) {
        String name = dir.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit)) {
          continue;
        }
        try {
          String[] f = stat(Long.parseLong(name));
          if (Long.parseLong(f[1]) == postmaster) {
            ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]);
          }
        } catch (java.io.IOException | RuntimeException gone) {
          // exited meanwhile
        }
      }
    }
    return ticks;
  }

  /** The fields of /proc/pid/stat after the command name: [0] state, [1] ppid, [11] utime… */
  private static String[] stat(long pid) throws java.io.IOException {
    String line = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/" + pid + "/stat"));
    return line.substring(line.lastIndexOf(')') + 2).split(" ");
  }

  /** The polls applied so far: distinct marking transactions. */
  private long polls() {
    return count(
        "select count(distinct xmin::text) from processed_event where consumer = $1",
        "webhook-service.fan-out");
  }

  private void subscription(String owner) {
    OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
    db.sql(
            "insert into subscription (id, owner_id, owner_operator, url, event_types, status,"
                + " secret, created_at, updated_at) values (:id, :owner, false,"
                + " 'http://receiver.invalid/hooks', array['order.accepted', 'holding.changed',"
                + " 'cash.changed'], 'enabled', 'whsec_cHJvZmlsZQ==', :at, :at)")
        .bind("id", UUID.randomUUID())
        .bind("owner", owner)
        .bind("at", now)
        .then()
        .block(Duration.ofSeconds(10));
  }

  private static String group(String thread) {
    if (thread.contains("KafkaListenerEndpointContainer") || thread.contains("ntainer#")) {
      return "listener container";
    }
    if (thread.startsWith("reactor-tcp") || thread.contains("r2dbc")) {
      return "database driver";
    }
    return "other";
  }

  private static Map<String, Long> threadCpu() {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    Map<String, Long> cpu = new TreeMap<>();
    for (long id : mx.getAllThreadIds()) {
      ThreadInfo info = mx.getThreadInfo(id);
      long t = mx.getThreadCpuTime(id);
      if (info != null && t >= 0) {
        cpu.merge(info.getThreadName() + "#" + id, t, Long::sum);
      }
    }
    return cpu;
  }
}
