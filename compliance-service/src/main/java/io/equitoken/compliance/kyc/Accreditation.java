package io.equitoken.compliance.kyc;

import java.time.Instant;

/**
 * An investor's accreditation as others may rely on it: {@code accredited} only while an approved,
 * unexpired submission carried an accreditation claim with evidence; it expires with that approval.
 */
public record Accreditation(boolean accredited, AccreditationBasis basis, Instant expiresAt) {

  public static final Accreditation NONE = new Accreditation(false, null, null);

  public String wire() {
    return accredited ? "accredited" : "none";
  }
}
