package io.equitoken.trading.service.market;

import java.time.Instant;

/**
 * An investor's newest KYC standing from compliance ({@code status.changed}): its state and expiry,
 * and what a token's transfer rules need — the KYC country and accreditation.
 */
public record KycStanding(
    String investorId,
    String kycState,
    Instant expiresAt,
    Instant changedAt,
    String country,
    String accreditation,
    Instant accreditationExpiresAt) {

  /** A standing without country or accreditation. */
  public KycStanding(String investorId, String kycState, Instant expiresAt, Instant changedAt) {
    this(investorId, kycState, expiresAt, changedAt, null, "none", null);
  }

  public boolean approvedAt(Instant now) {
    return "approved".equals(kycState) && (expiresAt == null || expiresAt.isAfter(now));
  }

  /** Accredited while the accreditation has not lapsed. */
  public boolean accreditedAt(Instant now) {
    return "accredited".equals(accreditation)
        && (accreditationExpiresAt == null || accreditationExpiresAt.isAfter(now));
  }
}
