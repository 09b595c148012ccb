package io.equitoken.compliance.kyc;

import io.equitoken.compliance.document.DocumentCipher;
import io.equitoken.platform.core.EventPublisher;
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
  public Mono<Submitted> submit(String investorId, KycDetails details, List<Upload> uploads) {
    return Mono.defer(() -> submitChecked(investorId, details, check(details, uploads)));
  }

  /**
   * The documents checked against the details (type, format, size, count); a refusal names the
   * offending document. Run before {@link #submitChecked}, e.g. to fingerprint a request.
   */
  public List<CheckedDocument> check(KycDetails details, List<Upload> uploads) {
    return DocumentChecks.check(details, uploads, limits);
  }

  /** {@link #submit} with documents {@link #check checked} already. */
  public Mono<Submitted> submitChecked(
      String investorId, KycDetails details, List<CheckedDocument> checked) {
    return Mono.defer(
        () -> {
          Instant now = now();
          KycSubmission submission =
              KycSubmission.received(UUID.randomUUID(), investorId, details, now);
          List<StoredDocument> sealed =
              checked.stream().map(d -> seal(submission.id(), d)).toList();
          Mono<Submitted> work =
              store
                  .latestOf(investorId)
                  .flatMap(latest -> retire(latest, now))
                  .then(store.insert(submission, sealed))
                  .then(events.publish(new SubmissionReceived(submission.id(), investorId, now)))
                  .then(events.publish(StatusChanged.of(submission, now)))
                  .thenReturn(
                      new Submitted(
                          submission, sealed.stream().map(StoredDocument::info).toList()));
          return transactions.inTransaction(work);
        });
  }

  /**
   * What tells a retried submission from another one under the same {@code Idempotency-Key}: every
   * detail and every document's type and content digest (never stored, only hashed).
   */
  public static Fingerprint fingerprint(KycDetails details, List<CheckedDocument> checked) {
    return new Fingerprint(
        details.legalName(),
        String.valueOf(details.dateOfBirth()),
        details.countryOfResidence(),
        String.valueOf(details.accreditationClaim()),
        checked.stream().map(d -> d.type() + ":" + d.sha256()).toList());
  }

  /** See {@link #fingerprint}. */
  public record Fingerprint(
      String legalName,
      String dateOfBirth,
      String countryOfResidence,
      String accreditationClaim,
      List<String> documents) {}

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
          .flatMap(won -> won ? events.publish(StatusChanged.of(expired, now)) : Mono.empty());
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
