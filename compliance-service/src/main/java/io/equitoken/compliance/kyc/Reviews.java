package io.equitoken.compliance.kyc;

import io.equitoken.compliance.document.DocumentCipher;
import io.equitoken.compliance.document.Sha256;
import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import io.equitoken.platform.core.Transactions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The officer's side: the review queue, one submission with its documents, decisions. */
public class Reviews {

  private final SubmissionStore store;
  private final EventPublisher<ComplianceEvent> events;
  private final Transactions transactions;
  private final DocumentCipher cipher;
  private final Duration approvalValidity;
  private final Clock clock;

  public Reviews(
      SubmissionStore store,
      EventPublisher<ComplianceEvent> events,
      Transactions transactions,
      DocumentCipher cipher,
      Duration approvalValidity,
      Clock clock) {
    this.store = store;
    this.events = events;
    this.transactions = transactions;
    this.cipher = cipher;
    this.approvalValidity = approvalValidity;
    this.clock = clock;
  }

  /**
   * One page of submissions in {@code state}, oldest first; fetches one extra to know if more
   * exist.
   */
  public Flux<KycSubmission> queue(KycState state, PageKey after, int limit) {
    return store.inState(state, after, limit);
  }

  public Mono<Review> review(UUID submissionId) {
    return found(submissionId)
        .flatMap(
            submission ->
                Mono.zip(
                    store.documentsOf(submissionId).collectList(),
                    store.decisionsOf(submissionId).collectList(),
                    (docs, decisions) -> new Review(submission, docs, decisions)));
  }

  /** Opens a document for an officer; refuses to hand out content whose digest does not match. */
  public Mono<OpenedDocument> document(UUID submissionId, UUID documentId) {
    return found(submissionId)
        .then(store.document(submissionId, documentId))
        .switchIfEmpty(
            Mono.error(
                Refusal.of(
                        Refusal.Kind.NOT_FOUND,
                        "document-not-found",
                        "No document " + documentId + " in submission " + submissionId + ".")
                    .exception()))
        .map(
            stored -> {
              byte[] plain = cipher.decrypt(stored.content(), stored.info().id().toString());
              if (!Sha256.hex(plain).equals(stored.info().sha256())) {
                throw new IllegalStateException(
                    "Document " + documentId + " failed its digest check");
              }
              return new OpenedDocument(stored.info(), plain);
            });
  }

  /**
   * Decides a pending submission. The store's conditional transition makes concurrent decisions
   * safe: exactly one wins, the others see {@code not-pending}.
   */
  public Mono<KycSubmission> decide(UUID submissionId, DecisionCommand command) {
    Mono<KycSubmission> work =
        found(submissionId)
            .flatMap(
                submission -> {
                  Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
                  KycSubmission decided = submission.decide(command, now, approvalValidity);
                  return store
                      .transition(decided, KycState.PENDING)
                      .flatMap(
                          won ->
                              won
                                  ? store
                                      .appendDecision(DecisionRecord.of(decided, command))
                                      .then(events.publish(StatusChanged.of(decided, now)))
                                      .thenReturn(decided)
                                  : Mono.error(lostRace()));
                });
    return transactions.inTransaction(work);
  }

  private Mono<KycSubmission> found(UUID submissionId) {
    return store
        .find(submissionId)
        .switchIfEmpty(
            Mono.error(
                Refusal.of(
                        Refusal.Kind.NOT_FOUND,
                        "submission-not-found",
                        "No submission " + submissionId + ".")
                    .exception()));
  }

  private static RefusedException lostRace() {
    return Refusal.of(
            Refusal.Kind.CONFLICT,
            "not-pending",
            "Expected submission to be pending, but another decision was recorded first.")
        .exception();
  }

  /** A submission with what an officer needs to review it. */
  public record Review(
      KycSubmission submission, List<DocumentInfo> documents, List<DecisionRecord> decisions) {}

  /** Decrypted content for an officer; never logged. */
  public record OpenedDocument(DocumentInfo info, byte[] content) {
    @Override
    public String toString() {
      return "OpenedDocument[" + info.id() + "]";
    }
  }
}
