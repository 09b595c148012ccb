package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.core.SealedSecret;
import io.equitoken.platform.test.TestDatabase;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.webhooks.delivery.DeliveryQueue;
import io.equitoken.webhooks.delivery.DeliveryQueue.Claimed;
import io.equitoken.webhooks.persistence.R2dbcDeliveryQueue;
import io.equitoken.webhooks.persistence.SecretColumns;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.nio.charset.StandardCharsets;
import java.sql.DriverManager;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.ClassPathResource;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * The dispatcher's claim (a per-subscription LATERAL scan) on a database of its own, no Spring
 * context: the oldest due deliveries first, at most the per-endpoint limit or the free slots given
 * per subscription, never a leased, not yet due or disabled subscription's delivery, each delivery
 * leased once, and every row a send needs (url, body, secret) returned.
 */
class ClaimIT {

  private static final Duration TIMEOUT = Duration.ofSeconds(20);
  private static DatabaseClient db;
  private static R2dbcDeliveryQueue queue;

  @BeforeAll
  static void database() throws Exception {
    TestDatabase database = TestInfrastructure.database("webhooks_claim");
    try (var c =
        DriverManager.getConnection(database.jdbcUrl(), database.username(), database.password())) {
      c.createStatement().execute("drop table if exists delivery_attempt, delivery, subscription");
      for (String script :
          List.of(
              "V1__webhooks.sql",
              "V2__delivery_pending_by_subscription.sql",
              "V3__subscription_api_key.sql")) {
        c.createStatement()
            .execute(
                new ClassPathResource("db/migration/" + script)
                    .getContentAsString(StandardCharsets.UTF_8));
      }
    }
    db =
        DatabaseClient.create(
            ConnectionFactories.get(
                ConnectionFactoryOptions.parse(database.r2dbcUrl())
                    .mutate()
                    .option(ConnectionFactoryOptions.USER, database.username())
                    .option(ConnectionFactoryOptions.PASSWORD, database.password())
                    .build()));
    SealedSecret sealer =
        SealedSecret.fromBase64Key(
            "dGVzdC1vbmx5LXdlYmhvb2stc2VjcmV0LWtleS0zMiE=", "EQUITOKEN_WEBHOOKS_SECRET_KEY");
    queue = new R2dbcDeliveryQueue(db, new SecretColumns(sealer));
  }

  @BeforeEach
  void empty() {
    db.sql("delete from subscription").then().block(TIMEOUT);
  }

  @Test
  void shouldClaimTheOldestDueDeliveriesWithinEachEndpointsFreeSlots() {
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    Instant now = t0.plus(1, ChronoUnit.HOURS);
    Instant lease = now.plus(2, ChronoUnit.MINUTES);
    UUID a = subscription("enabled");
    UUID b = subscription("enabled");
    UUID c = subscription("disabled");
    for (int i = 1; i <= 6; i++) {
      delivery("a" + i, a, t0.plusSeconds(2L * i - 1), null);
    }
    for (int i = 1; i <= 3; i++) {
      delivery("b" + i, b, t0.plusSeconds(2L * i), null);
    }
    delivery("c1", c, t0, null); // its subscription is disabled
    delivery("a0", a, t0, now.plusSeconds(60)); // leased by another instance
    delivery("a7", a, now.plusSeconds(60), null); // not due yet

    // the 3 oldest due overall, whatever their subscription
    assertThat(claim(now, lease, 3, Map.of())).containsExactly("a1", "b1", "a2");
    // a has 2 in flight here (2 slots left), b none (its limit is reached)
    assertThat(claim(now, lease, 100, Map.of(a, 2, b, 0))).containsExactly("a3", "a4");
    // the per-endpoint limit of 4 for the rest; nothing leased above comes again
    assertThat(claim(now, lease, 100, Map.of())).containsExactly("b2", "b3", "a5", "a6");
    assertThat(claim(now, lease, 100, Map.of())).isEmpty();
    assertThat(
            db.sql("select count(*) from delivery where lease_until = :lease")
                .bind("lease", OffsetDateTime.ofInstant(lease, ZoneOffset.UTC))
                .map(row -> row.get(0, Long.class))
                .one()
                .block(TIMEOUT))
        .isEqualTo(9);
    // once the lease ends they are due again
    assertThat(claim(lease.plusSeconds(1), lease.plusSeconds(120), 2, Map.of()))
        .containsExactly("a0", "a1"); // the other instance's lease ended too
  }

  @Test
  void shouldClaimAtMostTheOwnersFreeSlotsForAllTheirSubscriptionsTogether() {
    Instant t0 = Instant.parse("2026-02-01T00:00:00Z");
    Instant now = t0.plus(1, ChronoUnit.HOURS);
    Instant lease = now.plus(2, ChronoUnit.MINUTES);
    String slow = "slow-" + UUID.randomUUID();
    String healthy = "healthy-" + UUID.randomUUID();
    List<UUID> slows = List.of(subscription("enabled", slow), subscription("enabled", slow));
    for (int i = 1; i <= 4; i++) {
      // the slow owner's are all older than the healthy owner's
      delivery("s0-" + i, slows.get(0), t0.plusSeconds(i), null);
      delivery("s1-" + i, slows.get(1), t0.plusSeconds(i), null);
    }
    UUID other = subscription("enabled", healthy);
    delivery("h1", other, t0.plusSeconds(100), null);

    // at most 3 of the slow owner's 8 (per owner), then the healthy owner's, though younger
    List<String> first = claim(now, lease, 100, new DeliveryQueue.Limits(4, Map.of(), 3, Map.of()));
    assertThat(first).hasSize(4).contains("h1");
    assertThat(first.stream().filter(n -> n.startsWith("s"))).hasSize(3);
    // the slow owner has 3 in flight of 3: nothing more for it
    assertThat(claim(now, lease, 100, new DeliveryQueue.Limits(4, Map.of(), 3, Map.of(slow, 0))))
        .isEmpty();
    // one slot free again: exactly one more
    assertThat(claim(now, lease, 100, new DeliveryQueue.Limits(4, Map.of(), 3, Map.of(slow, 1))))
        .hasSize(1);
  }

  /** Claims and answers the names of the claimed deliveries in the order they are to be sent. */
  private List<String> claim(Instant now, Instant lease, int max, Map<UUID, Integer> capacity) {
    return claim(now, lease, max, new DeliveryQueue.Limits(4, capacity, 1_000, Map.of()));
  }

  private List<String> claim(Instant now, Instant lease, int max, DeliveryQueue.Limits limits) {
    List<Claimed> claimed =
        queue
            .claim(now, lease, max, limits)
            .collectSortedList(
                Comparator.comparing((Claimed one) -> one.delivery().nextAttemptAt())
                    .thenComparing(one -> one.delivery().createdAt()))
            .block(TIMEOUT);
    List<String> result = new ArrayList<>();
    for (Claimed one : claimed) {
      assertThat(one.subscription().url()).endsWith("/" + one.delivery().subscriptionId());
      assertThat(one.subscription().signingSecrets(now)).containsExactly("whsec_plain");
      assertThat(one.delivery().payload()).isEqualTo("{\"type\":\"test\"}");
      result.add(names.get(one.delivery().id()));
    }
    return result;
  }

  private int counter;

  private final Map<UUID, String> names = new HashMap<>();

  private UUID subscription(String status) {
    return subscription(status, "owner");
  }

  private UUID subscription(String status, String owner) {
    UUID id = UUID.randomUUID();
    OffsetDateTime created = OffsetDateTime.now(ZoneOffset.UTC);
    db.sql(
            "insert into subscription (id, owner_id, owner_operator, url, event_types, status,"
                + " secret, created_at, updated_at) values (:id, :owner, false, :url,"
                + " array['trade.executed'], :status, 'whsec_plain', :at, :at)")
        .bind("id", id)
        .bind("url", "http://receiver.invalid/hooks/" + id)
        .bind("status", status)
        .bind("owner", owner)
        .bind("at", created)
        .then()
        .block(TIMEOUT);
    return id;
  }

  private void delivery(String name, UUID subscription, Instant due, Instant leasedUntil) {
    UUID id = UUID.randomUUID();
    int n = ++counter;
    var spec =
        db.sql(
                "insert into delivery (id, subscription_id, message_id, event_id, event_type,"
                    + " payload, status, step, attempts, next_attempt_at, lease_until, created_at)"
                    + " values (:id, :sub, :msg, :event, 'trade.executed', '{\"type\":\"test\"}',"
                    + " 'pending', 0, 0, :due, :lease, :due)")
            .bind("id", id)
            .bind("sub", subscription)
            .bind("msg", "msg_" + n)
            .bind("event", "e" + n)
            .bind("due", OffsetDateTime.ofInstant(due, ZoneOffset.UTC));
    spec =
        leasedUntil == null
            ? spec.bindNull("lease", OffsetDateTime.class)
            : spec.bind("lease", OffsetDateTime.ofInstant(leasedUntil, ZoneOffset.UTC));
    spec.then().block(TIMEOUT);
    names.put(id, name);
  }
}
