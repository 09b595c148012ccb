package io.equitoken.trading.service.rules;

import io.equitoken.trading.service.market.KycStanding;
import java.time.Instant;

/**
 * An investor's facts for a token's transfer rules, from the KYC read model at intake, as {@code
 * order.place} ({@code investor}) and {@code transfer} ({@code toInvestor}) carry them to the
 * matcher, which remembers them per owner: the KYC country (null if unknown) and accreditation.
 */
public record InvestorFacts(String jurisdiction, boolean accredited) {

  public static InvestorFacts of(KycStanding kyc, Instant now) {
    return kyc == null
        ? new InvestorFacts(null, false)
        : new InvestorFacts(kyc.country(), kyc.accreditedAt(now));
  }
}
