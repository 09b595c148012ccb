package io.equitoken.compliance.kyc;

import java.time.LocalDate;
import java.util.List;

/**
 * The personal details of one submission. Personal data: never logged, never put in events.
 *
 * @param accreditationClaim null when the investor does not claim accreditation
 * @param documentTypes the type of each uploaded document, in upload order
 */
public record KycDetails(
    String legalName,
    LocalDate dateOfBirth,
    String countryOfResidence,
    AccreditationBasis accreditationClaim,
    List<DocumentType> documentTypes) {

  public KycDetails {
    documentTypes = List.copyOf(documentTypes);
  }

  /** Keeps personal data out of logs and exception messages by accident. */
  @Override
  public String toString() {
    return "KycDetails[country=" + countryOfResidence + ", documents=" + documentTypes + "]";
  }
}
