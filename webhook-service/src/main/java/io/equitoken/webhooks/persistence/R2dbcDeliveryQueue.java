package io.equitoken.webhooks.persistence;

import static io.equitoken.webhooks.persistence.DeliveryRows.COLUMNS;

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
    int n = events.size();
    if (n == 0) {
      return Mono.just(0L);
    }
    Integer[] ords = new Integer[n];
    String[] eventIds = new String[n];
    String[] messageIds = new String[n];
    String[] types = new String[n];
    String[] payloads = new String[n];
    String[] nexts = new String[n];
    String[] createds = new String[n];
    Integer[] ownerCounts = new Integer[n];
    List<Integer> ownerOrds = new ArrayList<>();
    List<String> owners = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Offered e = events.get(i);
      Delivery d = e.template();
      ords[i] = i;
      eventIds[i] = d.eventId();
      messageIds[i] = d.messageId();
      types[i] = d.eventType();
      payloads[i] = d.payload();
      nexts[i] = d.nextAttemptAt().toString();
      createds[i] = d.createdAt().toString();
      ownerCounts[i] = e.owners() == null ? 0 : e.owners().size();
      if (e.owners() != null) {
        for (String owner : e.owners()) {
          ownerOrds.add(i);
          owners.add(owner);
        }
      }
    }
    // who gets each event: every enabled subscriber of its type if it is public, an operator's
    // subscription of its type, and (a join on the owner, not a test per subscription) its owners'
    String sql =
        "with e as (select * from unnest(cast(:ords as int[]), cast(:events as text[]),"
            + " cast(:msgs as text[]), cast(:types as text[]), cast(:payloads as text[]),"
            + " cast(:nexts as text[]), cast(:createds as text[]), cast(:ownerCounts as int[]))"
            + " as e(ord, event_id, msg, type, payload, next_at, created_at, owners)),"
            + " o as (select * from unnest(cast(:ownerOrds as int[]), cast(:owners as text[]))"
            + " as o(ord, owner)),"
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
    return db.sql(sql)
        .bind("ords", ords)
        .bind("events", eventIds)
        .bind("msgs", messageIds)
        .bind("types", types)
        .bind("payloads", payloads)
        .bind("nexts", nexts)
        .bind("createds", createds)
        .bind("ownerCounts", ownerCounts)
        .bind("ownerOrds", ownerOrds.toArray(Integer[]::new))
        .bind("owners", owners.toArray(String[]::new))
        .fetch()
        .rowsUpdated();
  }

  @Override
  public Flux<Claimed> claim(Instant now, Instant leaseUntil, int max, Limits limits) {
    Map<UUID, Integer> capacity = limits.capacity();
    UUID[] ids = capacity.keySet().toArray(UUID[]::new);
    Integer[] remaining = new Integer[ids.length];
    for (int i = 0; i < ids.length; i++) {
      remaining[i] = capacity.get(ids[i]);
    }
    Map<String, Integer> ownerCapacity = limits.ownerCapacity();
    String[] owners = ownerCapacity.keySet().toArray(String[]::new);
    Integer[] ownerRemaining = new Integer[owners.length];
    for (int i = 0; i < owners.length; i++) {
      ownerRemaining[i] = ownerCapacity.get(owners[i]);
    }
    // per enabled subscription, its oldest due deliveries up to its free slots (an index scan of
    // delivery_pending_by_subscription each), then per owner the oldest of those up to the
    // owner's free slots, then the oldest of those overall; the update finds the picked rows by
    // primary key
    String sql =
        "with cap as (select * from unnest(cast(:capIds as uuid[]), cast(:capLeft as int[]))"
            + " as c(sub, remaining)),"
            + " ocap as (select * from unnest(cast(:ownerIds as text[]),"
            + " cast(:ownerLeft as int[])) as o(owner, remaining)),"
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
    return db.sql(sql)
        .bind("capIds", ids)
        .bind("capLeft", remaining)
        .bind("ownerIds", owners)
        .bind("ownerLeft", ownerRemaining)
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
    int n = recordings.size();
    UUID[] ids = new UUID[n];
    String[] statuses = new String[n];
    Integer[] steps = new Integer[n];
    Integer[] attemptCounts = new Integer[n];
    String[] nexts = new String[n];
    String[] lasts = new String[n];
    List<Attempt> attempts = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Delivery d = recordings.get(i).delivery();
      ids[i] = d.id();
      statuses[i] = d.status().wire();
      steps[i] = d.step();
      attemptCounts[i] = d.attempts();
      nexts[i] = text(d.nextAttemptAt());
      lasts[i] = text(d.lastAttemptAt());
      if (recordings.get(i).attempt() != null) {
        attempts.add(recordings.get(i).attempt());
      }
    }
    int m = attempts.size();
    UUID[] attemptIds = new UUID[m];
    String[] attemptAts = new String[m];
    Integer[] responseStatuses = new Integer[m];
    Long[] durations = new Long[m];
    String[] excerpts = new String[m];
    String[] errors = new String[m];
    String[] attemptNexts = new String[m];
    for (int i = 0; i < m; i++) {
      Attempt a = attempts.get(i);
      attemptIds[i] = a.deliveryId();
      attemptAts[i] = text(a.attemptedAt());
      responseStatuses[i] = a.responseStatus() == null ? -1 : a.responseStatus();
      durations[i] = a.durationMs();
      excerpts[i] = a.responseExcerpt() == null ? "" : a.responseExcerpt();
      errors[i] = a.error() == null ? "" : a.error();
      attemptNexts[i] = text(a.nextAttemptAt());
    }
    // in one order for every batch: concurrent batches lock subscription rows in the same order
    UUID[] subIds = streaks.keySet().stream().sorted().toArray(UUID[]::new);
    String[] subOps = new String[subIds.length];
    String[] subAts = new String[subIds.length];
    for (int i = 0; i < subIds.length; i++) {
      FailureStreaks.Change change = streaks.get(subIds[i]);
      subOps[i] = change.op().name().toLowerCase(Locale.ROOT);
      subAts[i] = text(change.at());
    }
    String sql =
        "with v as (select * from unnest(cast(:ids as uuid[]), cast(:statuses as text[]),"
            + " cast(:steps as int[]), cast(:attempts as int[]), cast(:nexts as text[]),"
            + " cast(:lasts as text[])) as v(id, status, step, attempts, next_at, last_at)),"
            + " d as (update delivery set status = v.status, step = v.step, attempts = v.attempts,"
            + " next_attempt_at = cast(nullif(v.next_at, '') as timestamptz),"
            + " last_attempt_at = cast(nullif(v.last_at, '') as timestamptz), lease_until = null"
            + " from v where delivery.id = v.id returning delivery.id),"
            + " a as (insert into delivery_attempt (delivery_id, attempted_at, response_status,"
            + " duration_ms, response_excerpt, error, next_attempt_at)"
            + " select x.delivery_id, cast(x.at as timestamptz), nullif(x.rs, -1), x.dur,"
            + " nullif(x.excerpt, ''), nullif(x.error, ''),"
            + " cast(nullif(x.next_at, '') as timestamptz)"
            + " from unnest(cast(:aIds as uuid[]), cast(:aAts as text[]), cast(:aStatuses as int[]),"
            + " cast(:aDurations as bigint[]), cast(:aExcerpts as text[]), cast(:aErrors as text[]),"
            + " cast(:aNexts as text[])) with ordinality"
            + " as x(delivery_id, at, rs, dur, excerpt, error, next_at, ord)"
            + " where x.delivery_id in (select id from d) order by x.ord),"
            + " s as (update subscription set failing_since = case c.op when 'clear' then null"
            + " when 'set' then cast(c.at as timestamptz)"
            + " else coalesce(subscription.failing_since, cast(c.at as timestamptz)) end"
            + " from unnest(cast(:subIds as uuid[]), cast(:subOps as text[]),"
            + " cast(:subAts as text[])) as c(sub, op, at)"
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
    var spec =
        db.sql(sql)
            .bind("ids", ids)
            .bind("statuses", statuses)
            .bind("steps", steps)
            .bind("attempts", attemptCounts)
            .bind("nexts", nexts)
            .bind("lasts", lasts)
            .bind("aIds", attemptIds)
            .bind("aAts", attemptAts)
            .bind("aStatuses", responseStatuses)
            .bind("aDurations", durations)
            .bind("aExcerpts", excerpts)
            .bind("aErrors", errors)
            .bind("aNexts", attemptNexts)
            .bind("subIds", subIds)
            .bind("subOps", subOps)
            .bind("subAts", subAts);
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
