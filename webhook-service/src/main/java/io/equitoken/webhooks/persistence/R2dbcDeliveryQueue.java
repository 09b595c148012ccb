package io.equitoken.webhooks.persistence;

import static io.equitoken.webhooks.persistence.DeliveryRows.COLUMNS;

import io.equitoken.platform.events.UnnestRows;
import io.equitoken.webhooks.delivery.Attempt;
import io.equitoken.webhooks.delivery.Delivery;
import io.equitoken.webhooks.delivery.DeliveryQueue;
import io.equitoken.webhooks.delivery.FailureStreaks;
import io.equitoken.webhooks.subscription.Subscription;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

@Repository
public class R2dbcDeliveryQueue implements DeliveryQueue {

  private static final String D_COLUMNS =
      "d.id, d.subscription_id, d.message_id, d.event_id, d.event_type, d.payload, d.status,"
          + " d.step, d.attempts, d.next_attempt_at, d.created_at, d.last_attempt_at";
  private static final String S_COLUMNS =
      "s.owner_id as s_owner_id, s.owner_operator as s_owner_operator,"
          + " s.api_key_id as s_api_key_id, s.url as s_url,"
          + " s.event_types as s_event_types, s.status as s_status, s.secret as s_secret,"
          + " s.previous_secret as s_previous_secret,"
          + " s.previous_secret_expires_at as s_previous_secret_expires_at,"
          + " s.failing_since as s_failing_since, s.created_at as s_created_at";

  private static final UnnestRows<Offered> EVENTS =
      UnnestRows.<Offered>as("e")
          .column("event_id", "text", e -> e.template().eventId())
          .column("msg", "text", e -> e.template().messageId())
          .column("type", "text", e -> e.template().eventType())
          .column("payload", "text", e -> e.template().payload())
          .column("next_at", "text", e -> e.template().nextAttemptAt())
          .column("created_at", "text", e -> e.template().createdAt())
          .column("owners", "int", e -> e.owners() == null ? 0 : e.owners().size());

  /** An owner of a private event of a fan-out, the event by its position from 1. */
  private record EventOwner(int ord, String owner) {}

  private static final UnnestRows<EventOwner> EVENT_OWNERS =
      UnnestRows.<EventOwner>as("o")
          .column("ord", "int", EventOwner::ord)
          .column("owner", "text", EventOwner::owner);

  private static final UnnestRows<Map.Entry<UUID, Integer>> CAPACITY =
      UnnestRows.<Map.Entry<UUID, Integer>>as("c")
          .column("sub", "uuid", Map.Entry::getKey)
          .column("remaining", "int", Map.Entry::getValue);

  private static final UnnestRows<Map.Entry<String, Integer>> OWNER_CAPACITY =
      UnnestRows.<Map.Entry<String, Integer>>as("o")
          .column("owner", "text", Map.Entry::getKey)
          .column("remaining", "int", Map.Entry::getValue);

  private static final UnnestRows<Recording> STATES =
      UnnestRows.<Recording>as("v")
          .column("id", "uuid", r -> r.delivery().id())
          .column("status", "text", r -> r.delivery().status().wire())
          .column("step", "int", r -> r.delivery().step())
          .column("attempts", "int", r -> r.delivery().attempts())
          .column("next_at", "text", r -> text(r.delivery().nextAttemptAt()))
          .column("last_at", "text", r -> text(r.delivery().lastAttemptAt()));

  private static final UnnestRows<Attempt> ATTEMPTS =
      UnnestRows.<Attempt>as("x")
          .column("delivery_id", "uuid", Attempt::deliveryId)
          .column("at", "text", a -> text(a.attemptedAt()))
          .column("rs", "int", a -> a.responseStatus() == null ? -1 : a.responseStatus())
          .column("dur", "bigint", Attempt::durationMs)
          .column("excerpt", "text", a -> a.responseExcerpt() == null ? "" : a.responseExcerpt())
          .column("error", "text", a -> a.error() == null ? "" : a.error())
          .column("next_at", "text", a -> text(a.nextAttemptAt()));

  private static final UnnestRows<Map.Entry<UUID, FailureStreaks.Change>> STREAKS =
      UnnestRows.<Map.Entry<UUID, FailureStreaks.Change>>as("c")
          .column("sub", "uuid", Map.Entry::getKey)
          .column("op", "text", c -> c.getValue().op().name().toLowerCase(Locale.ROOT))
          .column("at", "text", c -> text(c.getValue().at()));

  private final DatabaseClient db;

  private final SecretColumns secrets;

  public R2dbcDeliveryQueue(DatabaseClient db, SecretColumns secrets) {
    this.db = db;
    this.secrets = secrets;
  }

  @Override
  public Mono<Void> insert(List<Delivery> deliveries) {
    return Flux.fromIterable(deliveries)
        .concatMap(
            d ->
                db.sql(
                        "insert into delivery ("
                            + COLUMNS
                            + ") values (:id, :sub, :msg, :event, :type, :payload, 'pending', 0,"
                            + " 0, :next, :created, null) on conflict (subscription_id, event_id)"
                            + " do nothing")
                    .bind("id", d.id())
                    .bind("sub", d.subscriptionId())
                    .bind("msg", d.messageId())
                    .bind("event", d.eventId())
                    .bind("type", d.eventType())
                    .bind("payload", d.payload())
                    .bind("next", Rows.time(d.nextAttemptAt()))
                    .bind("created", Rows.time(d.createdAt()))
                    .fetch()
                    .rowsUpdated())
        .then();
  }

  /**
   * The events as arrays, one element per event ({@code unnest}), joined to the subscriptions that
   * want them. A private event's owners are a second pair of arrays, (event's position, owner), as
   * PostgreSQL has no array of arrays of unequal length; unlike a delimited text they need no
   * escaping of whatever an owner id holds. An event whose owner count is 0 is public.
   */
  @Override
  public Mono<Long> fanOut(List<Offered> events) {
    if (events.isEmpty()) {
      return Mono.just(0L);
    }
    List<EventOwner> owners = new ArrayList<>();
    for (int i = 0; i < events.size(); i++) {
      List<String> eventOwners = events.get(i).owners();
      if (eventOwners != null) {
        for (String owner : eventOwners) {
          owners.add(new EventOwner(i + 1, owner));
        }
      }
    }
    // who gets each event: every enabled subscriber of its type if it is public, an operator's
    // subscription of its type, and (a join on the owner, not a test per subscription) its owners'
    String sql =
        "with e as (select * from "
            + EVENTS.clauseWithOrdinality("ord")
            + "), o as (select * from "
            + EVENT_OWNERS.clause()
            + "),"
            + " t as (select e.ord, s.id as sub from e join subscription s"
            + " on s.status = 'enabled' and s.event_types @> array[e.type]"
            + " and (e.owners = 0 or s.owner_operator)"
            + " union select e.ord, s.id from o join e on e.ord = o.ord join subscription s"
            + " on s.owner_id = o.owner and s.status = 'enabled' and s.event_types @> array[e.type])"
            + " insert into delivery ("
            + COLUMNS
            + ") select gen_random_uuid(), t.sub, e.msg, e.event_id, e.type, e.payload, 'pending',"
            + " 0, 0, cast(e.next_at as timestamptz), cast(e.created_at as timestamptz), null"
            + " from t join e on e.ord = t.ord"
            + " on conflict (subscription_id, event_id) do nothing";
    return EVENT_OWNERS.bind(EVENTS.bind(db.sql(sql), events), owners).fetch().rowsUpdated();
  }

  @Override
  public Flux<Claimed> claim(Instant now, Instant leaseUntil, int max, Limits limits) {
    // per enabled subscription, its oldest due deliveries up to its free slots (an index scan of
    // delivery_pending_by_subscription each), then per owner the oldest of those up to the
    // owner's free slots, then the oldest of those overall; the update finds the picked rows by
    // primary key
    String sql =
        "with cap as (select * from "
            + CAPACITY.clause()
            + "), ocap as (select * from "
            + OWNER_CAPACITY.clause()
            + "),"
            + " due as (select x.id, x.next_attempt_at, x.created_at, s.owner_id,"
            + " row_number() over (partition by s.owner_id"
            + " order by x.next_attempt_at, x.created_at, x.id) as n"
            + " from subscription s left join cap c on c.sub = s.id"
            + " cross join lateral (select d.id, d.next_attempt_at, d.created_at from delivery d"
            + " where d.subscription_id = s.id and d.status = 'pending'"
            + " and d.next_attempt_at <= :now and (d.lease_until is null or d.lease_until < :now)"
            + " order by d.next_attempt_at, d.created_at, d.id limit coalesce(c.remaining, :per))"
            + " x where s.status = 'enabled'),"
            + " picked as (select due.id from due left join ocap o on o.owner = due.owner_id"
            + " where due.n <= coalesce(o.remaining, :perOwner)"
            + " order by due.next_attempt_at, due.created_at, due.id limit :max)"
            + " update delivery d set lease_until = :lease from subscription s"
            + " where d.id = any(array(select id from picked)) and s.id = d.subscription_id"
            + " and d.status = 'pending' and (d.lease_until is null or d.lease_until < :now)"
            + " returning "
            + D_COLUMNS
            + ", "
            + S_COLUMNS;
    var spec = CAPACITY.bind(db.sql(sql), List.copyOf(limits.capacity().entrySet()));
    return OWNER_CAPACITY
        .bind(spec, List.copyOf(limits.ownerCapacity().entrySet()))
        .bind("per", limits.perSubscription())
        .bind("perOwner", limits.perOwner())
        .bind("now", Rows.time(now))
        .bind("max", max)
        .bind("lease", Rows.time(leaseUntil))
        .map(this::claimed)
        .all();
  }

  @Override
  public Mono<Instant> nextDueAfter(Instant now) {
    return db.sql(
            "select min(next_attempt_at) as due from delivery"
                + " where status = 'pending' and next_attempt_at > :now")
        .bind("now", Rows.time(now))
        .map(row -> Optional.ofNullable(Rows.instant(row, "due")))
        .one()
        .flatMap(Mono::justOrEmpty);
  }

  @Override
  public Mono<Claimed> claimOne(UUID deliveryId, Instant leaseUntil) {
    return db.sql(
            "update delivery d set lease_until = :lease from subscription s"
                + " where d.id = :id and s.id = d.subscription_id returning "
                + D_COLUMNS
                + ", "
                + S_COLUMNS)
        .bind("id", deliveryId)
        .bind("lease", Rows.time(leaseUntil))
        .map(this::claimed)
        .one();
  }

  @Override
  public Mono<Void> record(List<Recording> recordings) {
    if (recordings.isEmpty()) {
      return Mono.empty();
    }
    return write(recordings, FailureStreaks.fold(recordings), null);
  }

  @Override
  public Mono<Void> recordDisabling(Recording recording, String reason, Instant failingUpTo) {
    if (recording.change() != SubscriptionChange.DISABLE) {
      throw new IllegalArgumentException("Only a DISABLE change is recorded by recordDisabling");
    }
    Disabling disabling =
        new Disabling(recording.delivery().subscriptionId(), reason, failingUpTo, recording.now());
    return write(List.of(recording), Map.of(), disabling);
  }

  /**
   * One statement for the whole batch: the deliveries' new states, their attempts (in order), the
   * folded failure-streak change of each subscription and, with {@code disabling} (a batch of one
   * whose streak change it replaces), the disabling of the subscription. Arrays carry no SQL nulls
   * (the driver's array codecs are not relied on for them): an empty text, or -1 for a status,
   * stands for null.
   */
  private Mono<Void> write(
      List<Recording> recordings, Map<UUID, FailureStreaks.Change> streaks, Disabling disabling) {
    List<Attempt> attempts =
        recordings.stream().map(Recording::attempt).filter(Objects::nonNull).toList();
    // in one order for every batch: concurrent batches lock subscription rows in the same order
    List<Map.Entry<UUID, FailureStreaks.Change>> changes =
        streaks.entrySet().stream().sorted(Map.Entry.comparingByKey()).toList();
    String sql =
        "with v as (select * from "
            + STATES.clause()
            + "),"
            + " d as (update delivery set status = v.status, step = v.step, attempts = v.attempts,"
            + " next_attempt_at = cast(nullif(v.next_at, '') as timestamptz),"
            + " last_attempt_at = cast(nullif(v.last_at, '') as timestamptz), lease_until = null"
            + " from v where delivery.id = v.id returning delivery.id),"
            + " a as (insert into delivery_attempt (delivery_id, attempted_at, response_status,"
            + " duration_ms, response_excerpt, error, next_attempt_at)"
            + " select x.delivery_id, cast(x.at as timestamptz), nullif(x.rs, -1), x.dur,"
            + " nullif(x.excerpt, ''), nullif(x.error, ''),"
            + " cast(nullif(x.next_at, '') as timestamptz)"
            + " from "
            + ATTEMPTS.clauseWithOrdinality("ord")
            + " where x.delivery_id in (select id from d) order by x.ord),"
            + " s as (update subscription set failing_since = case c.op when 'clear' then null"
            + " when 'set' then cast(c.at as timestamptz)"
            + " else coalesce(subscription.failing_since, cast(c.at as timestamptz)) end"
            + " from "
            + STREAKS.clause()
            + " where subscription.id = c.sub and (c.op = 'set'"
            + " or (c.op = 'clear' and subscription.failing_since is not null)"
            + " or (c.op = 'mark' and subscription.failing_since is null)))"
            + (disabling == null
                ? ""
                : ", off as (update subscription set status = 'disabled',"
                    + " disabled_reason = :reason, disabled_at = :now, updated_at = :now,"
                    + " failing_since = coalesce(failing_since, :now)"
                    + " where id = :sub and status = 'enabled'"
                    + (disabling.failingUpTo() == null ? "" : " and failing_since <= :failingUpTo")
                    + ")")
            + " select count(*) as n from d";
    var spec = STREAKS.bind(ATTEMPTS.bind(STATES.bind(db.sql(sql), recordings), attempts), changes);
    if (disabling != null) {
      spec =
          spec.bind("sub", disabling.subscriptionId())
              .bind("reason", disabling.reason())
              .bind("now", Rows.time(disabling.now()));
      if (disabling.failingUpTo() != null) {
        spec = spec.bind("failingUpTo", Rows.time(disabling.failingUpTo()));
      }
    }
    return spec.fetch().rowsUpdated().then();
  }

  /** A subscription to disable with an outcome, as {@link #recordDisabling} was given it. */
  private record Disabling(UUID subscriptionId, String reason, Instant failingUpTo, Instant now) {}

  /** An instant as PostgreSQL reads a {@code timestamptz} from text; empty for null. */
  private static String text(Instant instant) {
    return instant == null ? "" : instant.toString();
  }

  @Override
  public Mono<Boolean> requeue(UUID subscriptionId, UUID deliveryId, Instant now) {
    return db.sql(
            "update delivery set status = 'pending', step = 0, next_attempt_at = :now"
                + " where id = :id and subscription_id = :sub"
                + " and (lease_until is null or lease_until < :now)")
        .bind("id", deliveryId)
        .bind("sub", subscriptionId)
        .bind("now", Rows.time(now))
        .fetch()
        .rowsUpdated()
        .map(n -> n > 0);
  }

  @Override
  public Mono<Long> recoverFailed(UUID subscriptionId, Instant since, Instant now) {
    return db.sql(
            "update delivery set status = 'pending', step = 0, next_attempt_at = :now"
                + " where subscription_id = :sub and status = 'failed' and created_at >= :since")
        .bind("sub", subscriptionId)
        .bind("since", Rows.time(since))
        .bind("now", Rows.time(now))
        .fetch()
        .rowsUpdated();
  }

  private Claimed claimed(Readable row) {
    Delivery d = DeliveryRows.delivery(row);
    Subscription s =
        new Subscription(
            d.subscriptionId(),
            row.get("s_owner_id", String.class),
            Boolean.TRUE.equals(row.get("s_owner_operator", Boolean.class)),
            row.get("s_api_key_id", String.class),
            row.get("s_url", String.class),
            List.of(row.get("s_event_types", String[].class)),
            null,
            Subscription.Status.valueOf(row.get("s_status", String.class).toUpperCase(Locale.ROOT)),
            null,
            null,
            null,
            null,
            secrets.open(
                d.subscriptionId(), SecretColumns.SECRET, row.get("s_secret", String.class)),
            secrets.open(
                d.subscriptionId(),
                SecretColumns.PREVIOUS_SECRET,
                row.get("s_previous_secret", String.class)),
            Rows.instant(row, "s_previous_secret_expires_at"),
            Rows.instant(row, "s_failing_since"),
            Rows.instant(row, "s_created_at"),
            Rows.instant(row, "s_created_at"));
    return new Claimed(d, s);
  }
}
