package io.equitoken.identity.apikey;

import java.util.List;

/**
 * The five platform roles as the {@code roles} claim spells them. Mirrors the platform's list (a
 * test keeps the two equal) so that the domain needs no web-layer import.
 */
public final class PlatformRoles {

  public static final String INVESTOR = "investor";
  public static final String FOUNDER = "founder";
  public static final String PARTNER = "partner";
  public static final String COMPLIANCE_OFFICER = "compliance_officer";
  public static final String OPERATOR = "operator";

  public static final List<String> ALL =
      List.of(INVESTOR, FOUNDER, PARTNER, COMPLIANCE_OFFICER, OPERATOR);

  private PlatformRoles() {}

  public static boolean isKnown(String role) {
    return ALL.contains(role);
  }
}
