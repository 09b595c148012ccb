package io.equitoken.compliance.config;

import io.equitoken.compliance.document.DocumentCipher;
import io.equitoken.compliance.kyc.ApprovalExpiry;
import io.equitoken.compliance.kyc.ComplianceEvent;
import io.equitoken.compliance.kyc.KycSubmissions;
import io.equitoken.compliance.kyc.Reviews;
import io.equitoken.compliance.kyc.SubmissionStore;
import io.equitoken.compliance.kyc.UploadLimits;
import io.equitoken.compliance.persistence.R2dbcSubmissionStore;
import io.equitoken.compliance.web.DetailsPart;
import io.equitoken.compliance.web.UploadSizeFilter;
import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Transactions;
import io.equitoken.platform.web.security.ConfiguredKey;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;

/** Wires the domain to its adapters; the domain itself knows no Spring. */
@Configuration(proxyBeanMethods = false)
public class ComplianceConfiguration {

  /** Room for multipart boundaries, part headers and the details part on top of the documents. */
  static final long MULTIPART_OVERHEAD_BYTES = 256 * 1024;

  /** The document key is configured, never built in: without it the service does not start. */
  @Bean
  DocumentCipher documentCipher(ComplianceProperties properties) {
    return ConfiguredKey.build(
        "equitoken.compliance.document-key",
        "EQUITOKEN_COMPLIANCE_DOCUMENT_KEY",
        properties.documentKey(),
        key -> DocumentCipher.fromBase64Keys(key, properties.previousDocumentKeys()));
  }

  @Bean
  UploadLimits uploadLimits(ComplianceProperties properties) {
    return new UploadLimits(
        properties.maxDocumentSize().toBytes(),
        properties.maxSubmissionSize().toBytes(),
        properties.maxDocuments());
  }

  @Bean
  UploadSizeFilter uploadSizeFilter(UploadLimits limits) {
    return new UploadSizeFilter(limits.maxSubmissionBytes() + MULTIPART_OVERHEAD_BYTES);
  }

  @Bean
  DetailsPart detailsPart() {
    return new DetailsPart();
  }

  @Bean
  SubmissionStore submissionStore(DatabaseClient db) {
    return new R2dbcSubmissionStore(db);
  }

  @Bean
  KycSubmissions kycSubmissions(
      SubmissionStore store,
      EventPublisher<ComplianceEvent> events,
      Transactions transactions,
      DocumentCipher cipher,
      UploadLimits limits,
      Clock clock) {
    return new KycSubmissions(store, events, transactions, cipher, limits, clock);
  }

  @Bean
  Reviews reviews(
      SubmissionStore store,
      EventPublisher<ComplianceEvent> events,
      Transactions transactions,
      DocumentCipher cipher,
      ComplianceProperties properties,
      Clock clock) {
    return new Reviews(store, events, transactions, cipher, properties.approvalValidity(), clock);
  }

  @Bean
  ApprovalExpiry approvalExpiry(
      SubmissionStore store,
      EventPublisher<ComplianceEvent> events,
      Transactions transactions,
      Clock clock) {
    return new ApprovalExpiry(store, events, transactions, clock);
  }
}
