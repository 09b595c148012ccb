package io.equitoken.compliance.kyc;

import java.util.Locale;
import java.util.Optional;

/** What an officer may decide about a pending submission. */
public enum Decision {
  APPROVED(KycState.APPROVED),
  REJECTED(KycState.REJECTED),
  REVISION_REQUIRED(KycState.REVISION_REQUIRED);

  private final KycState resultingState;

  Decision(KycState resultingState) {
    this.resultingState = resultingState;
  }

  public KycState resultingState() {
    return resultingState;
  }

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<Decision> fromWire(String value) {
    for (Decision decision : values()) {
      if (decision.wire().equals(value)) {
        return Optional.of(decision);
      }
    }
    return Optional.empty();
  }
}
