package io.equitoken.webhooks.delivery;

import java.time.Duration;
import java.time.Instant;

/**
 * What follows from one attempt. Any 2xx delivers; everything else fails and is retried on the
 * {@link RetrySchedule} until it is exhausted; 410 gives up at once and disables the subscription;
 * a subscription whose attempts have all failed for {@link #DISABLE_AFTER} is disabled with a
 * reason its owner can read. An open circuit is not an attempt: the delivery simply waits.
 */
public final class AttemptRules {

  public static final Duration DISABLE_AFTER = Duration.ofDays(5);

  /** How long a delivery waits when its endpoint's circuit breaker is open. */
  public static final Duration CIRCUIT_WAIT = Duration.ofSeconds(30);

  private final RetrySchedule schedule;

  public AttemptRules(RetrySchedule schedule) {
    this.schedule = schedule;
  }

  /** What happens to the subscription after an attempt. */
  public enum Change {
    NONE,
    SUCCEEDED,
    FAILED,
    DISABLE
  }

  /** The delivery after the attempt, the log row (null if nothing was sent) and the change. */
  public record Decision(Delivery delivery, Attempt attempt, Change change, String reason) {}

  public Decision decide(Delivery d, Instant failingSince, Outcome outcome, Instant now) {
    if (outcome.kind() == Outcome.Kind.CIRCUIT_OPEN) {
      return new Decision(
          with(d, Delivery.Status.PENDING, d.step(), d.attempts(), now.plus(CIRCUIT_WAIT), null),
          null,
          Change.NONE,
          null);
    }
    int attempts = d.attempts() + 1;
    return switch (outcome.kind()) {
      case DELIVERED ->
          decision(
              with(d, Delivery.Status.SUCCEEDED, d.step(), attempts, null, now),
              outcome,
              Change.SUCCEEDED,
              null);
      case GONE ->
          decision(
              with(d, Delivery.Status.FAILED, d.step() + 1, attempts, null, now),
              outcome,
              Change.DISABLE,
              "The endpoint answered 410 Gone at " + now + ".");
      default -> failed(d, failingSince, outcome, now, attempts);
    };
  }

  private Decision failed(
      Delivery d, Instant failingSince, Outcome outcome, Instant now, int attempts) {
    int step = d.step() + 1;
    Duration delay = schedule.delayAfter(step, outcome.retryAfter());
    Delivery next =
        delay == null
            ? with(d, Delivery.Status.FAILED, step, attempts, null, now)
            : with(d, Delivery.Status.PENDING, step, attempts, now.plus(delay), now);
    Instant since = failingSince == null ? now : failingSince;
    if (!since.plus(DISABLE_AFTER).isAfter(now)) {
      return decision(
          next,
          outcome,
          Change.DISABLE,
          "Every delivery attempt has failed since "
              + since
              + " (5 days); the last one: "
              + describe(outcome)
              + ".");
    }
    return decision(next, outcome, Change.FAILED, null);
  }

  private static Decision decision(Delivery d, Outcome o, Change change, String reason) {
    Attempt attempt =
        new Attempt(
            d.id(),
            d.lastAttemptAt(),
            o.status(),
            o.durationMs(),
            o.excerpt(),
            o.error(),
            d.status() == Delivery.Status.PENDING ? d.nextAttemptAt() : null);
    return new Decision(d, attempt, change, reason);
  }

  static String describe(Outcome outcome) {
    if (outcome.status() != null) {
      return "HTTP " + outcome.status();
    }
    return outcome.error() == null ? "no response" : outcome.error();
  }

  private static Delivery with(
      Delivery d, Delivery.Status status, int step, int attempts, Instant next, Instant last) {
    return new Delivery(
        d.id(),
        d.subscriptionId(),
        d.messageId(),
        d.eventId(),
        d.eventType(),
        d.payload(),
        status,
        step,
        attempts,
        next,
        d.createdAt(),
        last == null ? d.lastAttemptAt() : last);
  }
}
