package io.equitoken.compliance.kyc;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.compliance.document.DocumentCipher;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.Transactions;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import reactor.core.publisher.Mono;

/** The investor's side: submit material, read one's own status. */
public class KycSubmissions {

  private final SubmissionStore store;
  private final EventPublisher<ComplianceEvent> events;
  private final Transactions transactions;
  private final DocumentCipher cipher;
  private final UploadLimits limits;
  private final Clock clock;

  public KycSubmissions(
      SubmissionStore store,
      EventPublisher<ComplianceEvent> events,
      Transactions transactions,
      DocumentCipher cipher,
      UploadLimits limits,
      Clock clock) {
    this.store = store;
    this.events = events;
    this.transactions = transactions;
    this.cipher = cipher;
    this.limits = limits;
    this.clock = clock;
  }

  public UploadLimits limits() {
    return limits;
  }

  public LocalDate today() {
    return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
  }

  /**
   * Checks the documents, then — if the investor's standing allows a new submission — stores it
   * with its sealed documents and announces it, all in one transaction.
   */
  public Mono<Submitted> submit(
      String investorId, KycDetails details, List<Upload> uploads, String idempotencyKey) {
    return Mono.defer(
        () -> {
          List<CheckedDocument> checked = DocumentChecks.check(details, uploads, limits);
          IdempotencyKey idempotency =
              idempotencyKey == null ? null : IdempotencyKey.of(idempotencyKey, details, checked);
          Instant now = now();
          KycSubmission submission =
              KycSubmission.received(UUID.randomUUID(), investorId, details, now);
          List<StoredDocument> sealed =
              checked.stream().map(d -> seal(submission.id(), d)).toList();
          Mono<Submitted> work =
              store
                  .latestOf(investorId)
                  .flatMap(latest -> retire(latest, now))
                  .then(store.insert(submission, sealed, idempotency))
                  .then(
                      events.publish(
                          new SubmissionReceived(submission.id(), investorId, now)))
                  .then(events.publish(StatusChanged.of(submission, now)))
                  .thenReturn(
                      new Submitted(
                          submission, sealed.stream().map(StoredDocument::info).toList()));
          Mono<Submitted> once =
              idempotency == null
                  ? work
                  : store
                      .byIdempotencyKey(investorId, idempotency.key())
                      .flatMap(prior -> replay(prior, idempotency))
                      .switchIfEmpty(work);
          return transactions.inTransaction(once);
        });
  }

  /**
   * The original answer for a retried request; a different request under the same key conflicts.
   */
  private Mono<Submitted> replay(SubmissionStore.Keyed prior, IdempotencyKey idempotency) {
    if (!prior.fingerprint().equals(idempotency.fingerprint())) {
      return Mono.error(
          Refusal.of(
                  Refusal.Kind.CONFLICT,
                  "idempotency-key-reused",
                  "This Idempotency-Key was used for a different submission; use a new key.")
              .exception());
    }
    KycSubmission original = prior.submission();
    KycSubmission asReceived =
        KycSubmission.received(
            original.id(), original.investorId(), original.details(), original.submittedAt());
    return store
        .documentsOf(original.id())
        .collectList()
        .map(documents -> new Submitted(asReceived, documents));
  }

  public Mono<ComplianceStatus> statusOf(String investorId) {
    return store
        .latestOf(investorId)
        .map(latest -> ComplianceStatus.of(investorId, latest, now()))
        .defaultIfEmpty(ComplianceStatus.of(investorId, null, now()));
  }

  /** Refuses when the latest submission blocks resubmission; expires a lapsed approval first. */
  private Mono<Void> retire(KycSubmission latest, Instant now) {
    Refusal blocked = latest.resubmissionBlockedAt(now);
    if (blocked != null) {
      return Mono.error(blocked.exception());
    }
    if (latest.state() == KycState.APPROVED) {
      KycSubmission expired = latest.expire(now);
      return store
          .transition(expired, KycState.APPROVED)
          .flatMap(
              won -> won ? events.publish(StatusChanged.of(expired, now)) : Mono.empty());
    }
    return Mono.empty();
  }

  private StoredDocument seal(UUID submissionId, CheckedDocument document) {
    DocumentInfo info =
        new DocumentInfo(
            document.id(),
            document.position(),
            document.type(),
            document.format().contentType(),
            document.size(),
            document.sha256());
    return new StoredDocument(info, cipher.encrypt(document.content(), document.id().toString()));
  }

  private Instant now() {
    // PostgreSQL keeps microseconds; truncating keeps what we return equal to what we store.
    return clock.instant().truncatedTo(ChronoUnit.MILLIS);
  }

  /** A stored submission and what was kept of its documents. */
  public record Submitted(KycSubmission submission, List<DocumentInfo> documents) {}
}
