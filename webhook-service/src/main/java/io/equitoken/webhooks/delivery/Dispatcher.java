package io.equitoken.webhooks.delivery;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * Works the durable queue: claims due deliveries from PostgreSQL when woken — after each fan-out
 * that queued a delivery, whenever a batch of slots is free again, when the earliest scheduled
 * retry falls due, and at the latest {@code pollInterval} after the last claim as a safety net —
 * leases them and sends them, at most {@code perEndpoint} at a time per subscription, {@code
 * perOwner} at a time to all the subscriptions of one owner together, and {@code maxInFlight} in
 * all, so one slow endpoint fills only its own slots and one owner's slow endpoints only that
 * owner's share: they never take the slots others need. Several instances may run: leases keep them
 * from sending the same delivery twice.
 *
 * <p>A claim's deliveries are signed and sent on {@code sends}, a scheduler of its own, oldest due
 * first: the claim's rows arrive on the database driver's event loop, which then only reads rows
 * and writes outcomes (the sends ran there and took a quarter of its time, docs/benchmarks.md).
 */
public final class Dispatcher {

  private static final Logger log = LoggerFactory.getLogger(Dispatcher.class);

  private final DeliveryQueue queue;
  private final Deliveries deliveries;
  private final Clock clock;
  private final Duration pollInterval;
  private final int maxInFlight;
  private final int perEndpoint;
  private final int perOwner;
  private final int refillBatch;
  private final Scheduler sends;

  /** The order a claim's deliveries are sent in: oldest due first, as they were claimed. */
  static final Comparator<DeliveryQueue.Claimed> OLDEST_FIRST =
      Comparator.comparing(
              (DeliveryQueue.Claimed c) -> c.delivery().nextAttemptAt(),
              Comparator.nullsLast(Comparator.naturalOrder()))
          .thenComparing(c -> c.delivery().createdAt())
          .thenComparing(c -> c.delivery().id());

  private final Map<UUID, AtomicInteger> inFlight = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> byOwner = new ConcurrentHashMap<>();
  private final AtomicInteger total = new AtomicInteger();
  private final AtomicBoolean polling = new AtomicBoolean();
  private final AtomicBoolean again = new AtomicBoolean();
  private final AtomicLong claims = new AtomicLong();
  private volatile boolean running;
  private Disposable timer;

  public Dispatcher(
      DeliveryQueue queue,
      Deliveries deliveries,
      Clock clock,
      Duration pollInterval,
      int maxInFlight,
      int perEndpoint,
      int perOwner,
      Scheduler sends) {
    this.perOwner = perOwner;
    this.queue = queue;
    this.deliveries = deliveries;
    this.clock = clock;
    this.pollInterval = pollInterval;
    this.maxInFlight = maxInFlight;
    this.perEndpoint = perEndpoint;
    this.refillBatch = refillBatch(maxInFlight);
    this.sends = sends;
  }

  /**
   * How many slots must be free before a finished attempt claims again: an eighth of {@code
   * maxInFlight}. Claiming after every attempt ran the claim query once per delivery under a
   * backlog (its cost grows with the pending rows); in batches it runs about {@code maxInFlight /
   * refillBatch} times per full turn. Below the threshold the timer still claims within {@code
   * pollInterval}, and an idle dispatcher claims at once.
   */
  static int refillBatch(int maxInFlight) {
    return Math.max(1, maxInFlight / 8);
  }

  private boolean roomForABatch() {
    return maxInFlight - total.get() >= refillBatch;
  }

  public synchronized void start() {
    running = true;
    wakeAfter(Duration.ZERO);
  }

  /** The next claim runs after {@code delay}, unless something wakes the dispatcher sooner. */
  private synchronized void wakeAfter(Duration delay) {
    if (!running) {
      return;
    }
    if (timer != null) {
      timer.dispose();
    }
    timer = Mono.delay(delay).subscribe(tick -> wake());
  }

  /**
   * After a claim that left nothing due: sleeps until the earliest scheduled retry, or {@code
   * pollInterval} if that is sooner (the safety net for rows made due behind the dispatcher's back,
   * such as a lease that ran out or a subscription enabled again on another instance).
   */
  private void sleepUntilNextDue() {
    Instant now = clock.instant();
    queue
        .nextDueAfter(now)
        .map(due -> Duration.between(now, due))
        .filter(untilDue -> untilDue.compareTo(pollInterval) < 0)
        .defaultIfEmpty(pollInterval)
        .subscribe(
            this::wakeAfter,
            e -> {
              log.warn(
                  "Looking up the next due delivery failed; claiming again in {}", pollInterval, e);
              wakeAfter(pollInterval);
            });
  }

  /** Stops claiming and waits (bounded) for the attempts in flight to be recorded. */
  public synchronized void stop(Duration grace) {
    running = false;
    if (timer != null) {
      timer.dispose();
    }
    long deadline = System.nanoTime() + grace.toNanos();
    while (total.get() > 0 && System.nanoTime() < deadline) {
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  public boolean isRunning() {
    return running;
  }

  /** How many times it has claimed due deliveries since it was made (one query each). */
  public long claims() {
    return claims.get();
  }

  /** Polls now (or right after the poll in progress). */
  public void wake() {
    if (!running) {
      return;
    }
    if (!polling.compareAndSet(false, true)) {
      again.set(true);
      return;
    }
    again.set(false);
    int free = maxInFlight - total.get();
    if (free <= 0) {
      // every slot is taken: the attempts that end wake it, the timer at the latest
      polling.set(false);
      wakeAfter(pollInterval);
      return;
    }
    Map<UUID, Integer> capacity = new HashMap<>();
    inFlight.forEach((id, n) -> capacity.put(id, Math.max(0, perEndpoint - n.get())));
    Map<String, Integer> ownerCapacity = new HashMap<>();
    byOwner.forEach((owner, n) -> ownerCapacity.put(owner, Math.max(0, perOwner - n.get())));
    Instant now = clock.instant();
    claims.incrementAndGet();
    queue
        .claim(
            now,
            now.plus(Deliveries.LEASE),
            free,
            new DeliveryQueue.Limits(perEndpoint, capacity, perOwner, ownerCapacity))
        .collectSortedList(OLDEST_FIRST)
        .publishOn(sends)
        .map(
            batch -> {
              batch.forEach(this::send);
              return batch.size();
            })
        .doFinally(
            signal -> {
              polling.set(false);
              if (again.get() && roomForABatch()) {
                wake();
              }
            })
        .subscribe(
            claimed -> {
              if (claimed == free) {
                // more may be due: claimed again as slots free up, and by the timer at the latest
                again.set(true);
                wakeAfter(pollInterval);
              } else {
                sleepUntilNextDue();
              }
            },
            e -> {
              log.warn("Claiming due deliveries failed; retrying in {}", pollInterval, e);
              wakeAfter(pollInterval);
            });
  }

  /**
   * Sends one delivery now, outside the poll (the test send), when its subscription, its owner and
   * the dispatcher each have a free slot; answers false without leasing anything otherwise (the
   * delivery stays due and a poll sends it when a slot is free, if its subscription is enabled).
   */
  public boolean sendNow(UUID subscription, String owner, Mono<DeliveryQueue.Claimed> lease) {
    if (!running
        || total.get() >= maxInFlight
        || inFlightOf(inFlight, subscription) >= perEndpoint
        || inFlightOf(byOwner, owner) >= perOwner) {
      return false;
    }
    lease
        .publishOn(sends)
        .subscribe(
            this::send,
            e -> log.warn("Leasing a test delivery failed; a poll sends it when due", e));
    return true;
  }

  private static <K> int inFlightOf(Map<K, AtomicInteger> counts, K key) {
    AtomicInteger n = counts.get(key);
    return n == null ? 0 : n.get();
  }

  private void send(DeliveryQueue.Claimed claimed) {
    UUID subscription = claimed.subscription().id();
    String owner = claimed.subscription().ownerId();
    inFlight.computeIfAbsent(subscription, id -> new AtomicInteger()).incrementAndGet();
    byOwner.computeIfAbsent(owner, id -> new AtomicInteger()).incrementAndGet();
    total.incrementAndGet();
    Mono.defer(() -> deliveries.attempt(claimed))
        .doFinally(
            signal -> {
              inFlight.computeIfPresent(
                  subscription, (id, n) -> n.decrementAndGet() <= 0 ? null : n);
              byOwner.computeIfPresent(owner, (id, n) -> n.decrementAndGet() <= 0 ? null : n);
              total.decrementAndGet();
              if (roomForABatch()) {
                wake();
              }
            })
        .subscribe(
            outcome -> {},
            e ->
                log.warn(
                    "Recording the attempt of delivery {} failed; it is retried when its lease"
                        + " ends",
                    claimed.delivery().id(),
                    e));
  }
}
