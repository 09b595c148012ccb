package io.equitoken.compliance.kyc;

import java.util.Locale;
import java.util.Optional;

/** The kinds of evidence an investor can upload. */
public enum DocumentType {
  PASSPORT,
  NATIONAL_ID,
  PROOF_OF_ADDRESS,
  ACCREDITATION_EVIDENCE;

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public boolean provesIdentity() {
    return this == PASSPORT || this == NATIONAL_ID;
  }

  public static Optional<DocumentType> fromWire(String value) {
    for (DocumentType type : values()) {
      if (type.wire().equals(value)) {
        return Optional.of(type);
      }
    }
    return Optional.empty();
  }
}
