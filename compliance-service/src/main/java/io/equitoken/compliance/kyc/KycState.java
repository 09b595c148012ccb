package io.equitoken.compliance.kyc;

import java.util.Locale;

/**
 * Where an investor's verification stands. {@code NOT_STARTED} is never stored: it is what an
 * investor without any submission sees.
 */
public enum KycState {
  NOT_STARTED,
  PENDING,
  APPROVED,
  REJECTED,
  REVISION_REQUIRED,
  EXPIRED;

  /** The value on the wire and in the database, e.g. {@code revision_required}. */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static KycState fromWire(String value) {
    return valueOf(value.toUpperCase(Locale.ROOT));
  }
}
