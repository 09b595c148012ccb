package io.equitoken.compliance.kyc;

import java.util.Locale;
import java.util.Optional;

/** On what grounds an investor claims to be accredited (professional / sophisticated investor). */
public enum AccreditationBasis {
  INCOME,
  NET_WORTH,
  PROFESSIONAL_CERTIFICATION,
  INSTITUTION;

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<AccreditationBasis> fromWire(String value) {
    for (AccreditationBasis basis : values()) {
      if (basis.wire().equals(value)) {
        return Optional.of(basis);
      }
    }
    return Optional.empty();
  }
}
