package io.equitoken.trading.service.market;

import java.time.Instant;

/** An investor's newest KYC standing from compliance ({@code status.changed}). */
public record KycStanding(
    String investorId, String kycState, Instant expiresAt, Instant changedAt) {

  public boolean approvedAt(Instant now) {
    return "approved".equals(kycState) && (expiresAt == null || expiresAt.isAfter(now));
  }
}
