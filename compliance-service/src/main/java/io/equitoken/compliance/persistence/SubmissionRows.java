package io.equitoken.compliance.persistence;

import io.equitoken.compliance.document.EncryptedContent;
import io.equitoken.compliance.kyc.AccreditationBasis;
import io.equitoken.compliance.kyc.Decision;
import io.equitoken.compliance.kyc.DecisionRecord;
import io.equitoken.compliance.kyc.DocumentInfo;
import io.equitoken.compliance.kyc.DocumentType;
import io.equitoken.compliance.kyc.KycDetails;
import io.equitoken.compliance.kyc.KycState;
import io.equitoken.compliance.kyc.KycSubmission;
import io.equitoken.compliance.kyc.StoredDocument;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** Row ↔ domain mapping; the only place that knows the column layout. */
final class SubmissionRows {

  static final String SUBMISSION_COLUMNS =
      "id, investor_id, state, legal_name, date_of_birth, country, accreditation_claim,"
          + " document_types, submitted_at, decided_at, decided_by, decision_reason, retryable,"
          + " expires_at, version";

  private SubmissionRows() {}

  static KycSubmission submission(Readable row) {
    String claim = row.get("accreditation_claim", String.class);
    KycDetails details =
        new KycDetails(
            row.get("legal_name", String.class),
            row.get("date_of_birth", LocalDate.class),
            row.get("country", String.class).strip(),
            claim == null ? null : AccreditationBasis.valueOf(claim),
            types(row.get("document_types", String.class)));
    return new KycSubmission(
        row.get("id", UUID.class),
        row.get("investor_id", String.class),
        details,
        KycState.fromWire(row.get("state", String.class)),
        row.get("submitted_at", Instant.class),
        row.get("decided_at", Instant.class),
        row.get("decided_by", String.class),
        row.get("decision_reason", String.class),
        row.get("retryable", Boolean.class),
        row.get("expires_at", Instant.class),
        row.get("version", Long.class));
  }

  static String typesColumn(List<DocumentType> types) {
    return String.join(",", types.stream().map(DocumentType::name).toList());
  }

  private static List<DocumentType> types(String column) {
    return Arrays.stream(column.split(",")).map(DocumentType::valueOf).toList();
  }

  static DocumentInfo documentInfo(Readable row) {
    return new DocumentInfo(
        row.get("id", UUID.class),
        row.get("position", Integer.class),
        DocumentType.valueOf(row.get("document_type", String.class)),
        row.get("content_type", String.class),
        row.get("size_bytes", Long.class),
        row.get("sha256", String.class));
  }

  static StoredDocument storedDocument(Readable row) {
    return new StoredDocument(
        documentInfo(row),
        new EncryptedContent(
            row.get("key_id", String.class),
            row.get("nonce", byte[].class),
            row.get("ciphertext", byte[].class)));
  }

  static DecisionRecord decision(Readable row) {
    String roles = row.get("decided_by_roles", String.class);
    return new DecisionRecord(
        row.get("id", UUID.class),
        row.get("submission_id", UUID.class),
        row.get("investor_id", String.class),
        Decision.fromWire(row.get("decision", String.class)).orElseThrow(),
        row.get("retryable", Boolean.class),
        row.get("reason", String.class),
        row.get("decided_by", String.class),
        roles.isEmpty() ? Set.of() : Set.of(roles.split(",")),
        row.get("decided_at", Instant.class));
  }
}
