package io.equitoken.platform.web;

import java.util.List;

/** The platform's roles, as they appear in the JWT {@code roles} claim. */
public final class Roles {

  public static final String INVESTOR = "investor";
  public static final String FOUNDER = "founder";
  public static final String PARTNER = "partner";
  public static final String COMPLIANCE_OFFICER = "compliance_officer";
  public static final String OPERATOR = "operator";

  public static final List<String> ALL =
      List.of(INVESTOR, FOUNDER, PARTNER, COMPLIANCE_OFFICER, OPERATOR);

  private Roles() {}

  public static boolean isKnown(String role) {
    return ALL.contains(role);
  }
}
