package io.equitoken.platform.core;

import java.util.Collection;
import java.util.List;

/**
 * The platform's five roles, spelt as the JWT {@code roles} claim spells them. The single list:
 * platform-web's role matrix and every service's domain use it (no copies).
 */
public final class Roles {

  public static final String INVESTOR = "investor";
  public static final String FOUNDER = "founder";
  public static final String PARTNER = "partner";
  public static final String COMPLIANCE_OFFICER = "compliance_officer";
  public static final String OPERATOR = "operator";

  /** Every role, in a stable order. */
  public static final List<String> ALL =
      List.of(INVESTOR, FOUNDER, PARTNER, COMPLIANCE_OFFICER, OPERATOR);

  private Roles() {}

  public static boolean isKnown(String role) {
    return role != null && ALL.contains(role);
  }

  /** True when every role is known (an empty collection is valid). */
  public static boolean allKnown(Collection<String> roles) {
    return roles != null && roles.stream().allMatch(Roles::isKnown);
  }

  /**
   * Returns the role if known, else throws {@link IllegalArgumentException}: for configuration
   * (e.g. a role matrix) where an unknown name is a programming error.
   */
  public static String requireKnown(String role) {
    if (!isKnown(role)) {
      throw new IllegalArgumentException("Unknown role '" + role + "'; known roles: " + ALL);
    }
    return role;
  }
}
