package io.equitoken.compliance.persistence;

import static io.equitoken.compliance.persistence.SubmissionRows.SUBMISSION_COLUMNS;

import io.equitoken.compliance.kyc.DecisionRecord;
import io.equitoken.compliance.kyc.DocumentInfo;
import io.equitoken.compliance.kyc.KycState;
import io.equitoken.compliance.kyc.KycSubmission;
import io.equitoken.compliance.kyc.PageKey;
import io.equitoken.compliance.kyc.StoredDocument;
import io.equitoken.compliance.kyc.SubmissionStore;
import io.equitoken.platform.core.Refusal;
import java.time.Instant;
import java.util.List;
import java.util.TreeSet;
import java.util.UUID;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The submission store on PostgreSQL through R2DBC, with plain SQL. */
public class R2dbcSubmissionStore implements SubmissionStore {

  private final DatabaseClient db;

  public R2dbcSubmissionStore(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<KycSubmission> latestOf(String investorId) {
    return db.sql(
            "SELECT "
                + SUBMISSION_COLUMNS
                + " FROM kyc_submission WHERE investor_id = :investor"
                + " ORDER BY submitted_at DESC, id DESC LIMIT 1")
        .bind("investor", investorId)
        .map(SubmissionRows::submission)
        .one();
  }

  @Override
  public Mono<KycSubmission> find(UUID submissionId) {
    return db.sql("SELECT " + SUBMISSION_COLUMNS + " FROM kyc_submission WHERE id = :id")
        .bind("id", submissionId)
        .map(SubmissionRows::submission)
        .one();
  }

  @Override
  public Mono<Void> insert(KycSubmission s, List<StoredDocument> documents) {
    var spec =
        db.sql(
                "INSERT INTO kyc_submission (id, investor_id, state, legal_name, date_of_birth,"
                    + " country, accreditation_claim, document_types, submitted_at, version)"
                    + " VALUES (:id, :investor, :state, :name, :birth, :country, :claim, :types,"
                    + " :submittedAt, :version)")
            .bind("id", s.id())
            .bind("investor", s.investorId())
            .bind("state", s.state().wire())
            .bind("name", s.details().legalName())
            .bind("birth", s.details().dateOfBirth())
            .bind("country", s.details().countryOfResidence())
            .bind("types", SubmissionRows.typesColumn(s.details().documentTypes()))
            .bind("submittedAt", s.submittedAt())
            .bind("version", s.version());
    spec =
        s.details().accreditationClaim() == null
            ? spec.bindNull("claim", String.class)
            : spec.bind("claim", s.details().accreditationClaim().name());
    return spec.then()
        .onErrorMap(DataIntegrityViolationException.class, e -> pendingConflict())
        .thenMany(Flux.fromIterable(documents).concatMap(d -> insertDocument(s.id(), d)))
        .then();
  }

  private Mono<Void> insertDocument(UUID submissionId, StoredDocument d) {
    DocumentInfo info = d.info();
    return db.sql(
            "INSERT INTO kyc_document (id, submission_id, position, document_type, content_type,"
                + " size_bytes, sha256, key_id, nonce, ciphertext) VALUES (:id, :submission,"
                + " :position, :type, :contentType, :size, :sha256, :keyId, :nonce, :ciphertext)")
        .bind("id", info.id())
        .bind("submission", submissionId)
        .bind("position", info.position())
        .bind("type", info.type().name())
        .bind("contentType", info.contentType())
        .bind("size", info.size())
        .bind("sha256", info.sha256())
        .bind("keyId", d.content().keyId())
        .bind("nonce", d.content().nonce())
        .bind("ciphertext", d.content().ciphertext())
        .then();
  }

  @Override
  public Mono<Boolean> transition(KycSubmission changed, KycState from) {
    var spec =
        db.sql(
                "UPDATE kyc_submission SET state = :state, decided_at = :decidedAt,"
                    + " decided_by = :decidedBy, decision_reason = :reason, retryable = :retryable,"
                    + " expires_at = :expiresAt, version = :version"
                    + " WHERE id = :id AND state = :from AND version = :previousVersion")
            .bind("state", changed.state().wire())
            .bind("version", changed.version())
            .bind("id", changed.id())
            .bind("from", from.wire())
            .bind("previousVersion", changed.version() - 1);
    spec = bindNullable(spec, "decidedAt", changed.decidedAt(), Instant.class);
    spec = bindNullable(spec, "decidedBy", changed.decidedBy(), String.class);
    spec = bindNullable(spec, "reason", changed.reason(), String.class);
    spec = bindNullable(spec, "retryable", changed.retryable(), Boolean.class);
    spec = bindNullable(spec, "expiresAt", changed.expiresAt(), Instant.class);
    return spec.fetch().rowsUpdated().map(rows -> rows == 1);
  }

  @Override
  public Mono<Void> appendDecision(DecisionRecord r) {
    var spec =
        db.sql(
                "INSERT INTO kyc_decision (id, submission_id, investor_id, decision, retryable,"
                    + " reason, decided_by, decided_by_roles, decided_at) VALUES (:id, :submission,"
                    + " :investor, :decision, :retryable, :reason, :by, :roles, :at)")
            .bind("id", r.id())
            .bind("submission", r.submissionId())
            .bind("investor", r.investorId())
            .bind("decision", r.decision().wire())
            .bind("reason", r.reason())
            .bind("by", r.decidedBy())
            .bind("roles", String.join(",", new TreeSet<>(r.decidedByRoles())))
            .bind("at", r.decidedAt());
    return bindNullable(spec, "retryable", r.retryable(), Boolean.class).then();
  }

  @Override
  public Flux<DecisionRecord> decisionsOf(UUID submissionId) {
    return db.sql(
            "SELECT * FROM kyc_decision WHERE submission_id = :submission ORDER BY decided_at, id")
        .bind("submission", submissionId)
        .map(SubmissionRows::decision)
        .all();
  }

  @Override
  public Flux<DocumentInfo> documentsOf(UUID submissionId) {
    return db.sql(
            "SELECT id, position, document_type, content_type, size_bytes, sha256"
                + " FROM kyc_document WHERE submission_id = :submission ORDER BY position")
        .bind("submission", submissionId)
        .map(SubmissionRows::documentInfo)
        .all();
  }

  @Override
  public Mono<StoredDocument> document(UUID submissionId, UUID documentId) {
    return db.sql("SELECT * FROM kyc_document WHERE submission_id = :submission AND id = :id")
        .bind("submission", submissionId)
        .bind("id", documentId)
        .map(SubmissionRows::storedDocument)
        .one();
  }

  @Override
  public Flux<KycSubmission> inState(KycState state, PageKey after, int limit) {
    String keyset = after == null ? "" : " AND (submitted_at, id) > (:afterAt, :afterId)";
    var spec =
        db.sql(
                "SELECT "
                    + SUBMISSION_COLUMNS
                    + " FROM kyc_submission WHERE state = :state"
                    + keyset
                    + " ORDER BY submitted_at, id LIMIT :limit")
            .bind("state", state.wire())
            .bind("limit", limit);
    if (after != null) {
      spec = spec.bind("afterAt", after.submittedAt()).bind("afterId", after.id());
    }
    return spec.map(SubmissionRows::submission).all();
  }

  @Override
  public Flux<KycSubmission> approvalsDueToExpire(Instant now, int limit) {
    return db.sql(
            "SELECT "
                + SUBMISSION_COLUMNS
                + " FROM kyc_submission WHERE state = 'approved' AND expires_at <= :now"
                + " ORDER BY expires_at, id LIMIT :limit")
        .bind("now", now)
        .bind("limit", limit)
        .map(SubmissionRows::submission)
        .all();
  }

  private static DatabaseClient.GenericExecuteSpec bindNullable(
      DatabaseClient.GenericExecuteSpec spec, String name, Object value, Class<?> type) {
    return value == null ? spec.bindNull(name, type) : spec.bind(name, value);
  }

  private static RuntimeException pendingConflict() {
    return Refusal.of(
            Refusal.Kind.CONFLICT,
            "submission-pending",
            "A submission is already waiting for review; wait for its decision before submitting again.")
        .exception();
  }
}
