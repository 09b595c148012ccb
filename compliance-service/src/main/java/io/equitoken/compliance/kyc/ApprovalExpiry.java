package io.equitoken.compliance.kyc;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Transactions;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Moves lapsed approvals to {@code expired} and announces each, one transaction per submission.
 * Safe to run on several instances at once: the conditional transition lets only one of them expire
 * (and announce) a given approval.
 */
public class ApprovalExpiry {

  static final int BATCH = 100;

  private final SubmissionStore store;
  private final EventPublisher<ComplianceEvent> events;
  private final Transactions transactions;
  private final Clock clock;

  public ApprovalExpiry(
      SubmissionStore store,
      EventPublisher<ComplianceEvent> events,
      Transactions transactions,
      Clock clock) {
    this.store = store;
    this.events = events;
    this.transactions = transactions;
    this.clock = clock;
  }

  /** Expires every approval due at this instant; answers how many this run expired. */
  public Mono<Long> expireDue() {
    Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
    return store
        .approvalsDueToExpire(now, BATCH)
        .concatMap(approval -> transactions.inTransaction(expireOne(approval, now)))
        .filter(Boolean::booleanValue)
        .count();
  }

  private Mono<Boolean> expireOne(KycSubmission approval, Instant now) {
    KycSubmission expired = approval.expire(now);
    return store
        .transition(expired, KycState.APPROVED)
        .flatMap(
            won ->
                won
                    ? events.publish(StatusChanged.of(expired, now)).thenReturn(true)
                    : Mono.just(false));
  }

  /** Runs until no approval is due (more than one batch may be due after downtime). */
  public Flux<Long> drain() {
    return expireDue().expand(n -> n >= BATCH ? expireDue() : Mono.empty());
  }
}
