package io.equitoken.compliance.kyc;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Port: where submissions, their sealed documents and the decision audit trail live. */
public interface SubmissionStore {

  /** The investor's most recent submission, empty if they never submitted. */
  Mono<KycSubmission> latestOf(String investorId);

  Mono<KycSubmission> find(UUID submissionId);

  /**
   * Stores a new pending submission; fails with a {@code submission-pending} conflict if the
   * investor already has one pending (the database enforces at most one).
   */
  Mono<Void> insert(KycSubmission submission, List<StoredDocument> documents);

  /**
   * Stores a transition of an existing submission if and only if it is still in {@code from} at the
   * version it was read at; false when another transition won the race.
   */
  Mono<Boolean> transition(KycSubmission changed, KycState from);

  Mono<Void> appendDecision(DecisionRecord record);

  Flux<DecisionRecord> decisionsOf(UUID submissionId);

  Flux<DocumentInfo> documentsOf(UUID submissionId);

  Mono<StoredDocument> document(UUID submissionId, UUID documentId);

  /**
   * Submissions in {@code state}, oldest first, strictly after {@code after} (null: from the
   * start).
   */
  Flux<KycSubmission> inState(KycState state, PageKey after, int limit);

  /** Approvals whose expiry is at or before {@code now}, still marked approved. */
  Flux<KycSubmission> approvalsDueToExpire(Instant now, int limit);
}
