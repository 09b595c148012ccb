package io.equitoken.compliance.kyc;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** Small valid inputs for unit tests. */
public final class KycFixtures {

  public static final byte[] PDF =
      "%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n".getBytes(StandardCharsets.US_ASCII);
  public static final byte[] PNG = {
    (byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13
  };
  public static final byte[] JPEG = {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xE0, 0, 16};

  private KycFixtures() {}

  public static KycDetails details(DocumentType... types) {
    return new KycDetails("Ada Example", LocalDate.of(1990, 1, 1), "DE", null, List.of(types));
  }

  public static KycDetails accreditedDetails(DocumentType... types) {
    return new KycDetails(
        "Ada Example", LocalDate.of(1990, 1, 1), "DE", AccreditationBasis.INCOME, List.of(types));
  }

  public static KycSubmission pending(String investorId, Instant at) {
    return KycSubmission.received(
        UUID.randomUUID(),
        investorId,
        details(DocumentType.PASSPORT, DocumentType.PROOF_OF_ADDRESS),
        at);
  }

  public static DecisionCommand decision(String officer, Decision decision, boolean retryable) {
    return new DecisionCommand(
        officer, Set.of("compliance_officer"), decision, retryable, "checked");
  }
}
