package io.equitoken.platform.web;

import java.util.List;

/**
 * The platform's roles, as they appear in the JWT {@code roles} claim. Delegates to {@link
 * io.equitoken.platform.core.Roles}, the single list; new code should use that one.
 */
public final class Roles {

  public static final String INVESTOR = io.equitoken.platform.core.Roles.INVESTOR;
  public static final String FOUNDER = io.equitoken.platform.core.Roles.FOUNDER;
  public static final String PARTNER = io.equitoken.platform.core.Roles.PARTNER;
  public static final String COMPLIANCE_OFFICER =
      io.equitoken.platform.core.Roles.COMPLIANCE_OFFICER;
  public static final String OPERATOR = io.equitoken.platform.core.Roles.OPERATOR;

  public static final List<String> ALL = io.equitoken.platform.core.Roles.ALL;

  private Roles() {}

  public static boolean isKnown(String role) {
    return io.equitoken.platform.core.Roles.isKnown(role);
  }
}
