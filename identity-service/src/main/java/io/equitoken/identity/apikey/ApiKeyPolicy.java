package io.equitoken.identity.apikey;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.Roles;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Who may create and revoke which keys. An operator may do anything; everybody else acts only on
 * their own principal and can never hand out a role they do not hold themselves, so that a key can
 * never be used to escalate privileges. A refusal is a platform-core {@link Refusal} ({@code 403}).
 */
public final class ApiKeyPolicy {

  private ApiKeyPolicy() {}

  public static Optional<Refusal> checkCreate(Requester requester, NewApiKey command) {
    // separation of duties: the officer role opens KYC documents, so it is never combined with
    // another role and never handed out by a non-officer (not even an operator)
    if (command.roles().contains(Roles.COMPLIANCE_OFFICER)) {
      if (command.roles().size() > 1) {
        return Optional.of(
            Refusal.forbidden(
                "compliance-officer-role-alone",
                "Expected compliance_officer to be the key's only role, but it also has "
                    + new TreeSet<>(command.roles())
                    + "; officers' keys carry no other role (separation of duties)."));
      }
      if (!requester.roles().contains(Roles.COMPLIANCE_OFFICER)) {
        return Optional.of(
            Refusal.forbidden(
                "compliance-officer-role-needs-officer",
                "Only a compliance officer may create a key with the compliance_officer role"
                    + " (separation of duties: operators cannot grant it, not even to"
                    + " themselves)."));
      }
    }
    if (requester.isOperator()) {
      return Optional.empty();
    }
    if (!command.principalId().equals(requester.principalId())) {
      return Optional.of(
          Refusal.forbidden(
              "api-key-for-other-principal",
              "Expected principalId to be your own ("
                  + requester.principalId()
                  + "), but it is "
                  + command.principalId()
                  + "; only an operator may create keys for other principals."));
    }
    if (!requester.roles().containsAll(command.roles())) {
      TreeSet<String> extra = new TreeSet<>(command.roles());
      extra.removeAll(requester.roles());
      return Optional.of(
          Refusal.forbidden(
              "roles-exceed-caller",
              "Expected roles to be a subset of your own "
                  + new TreeSet<>(requester.roles())
                  + ", but "
                  + extra
                  + " are not; only an operator may grant other roles."));
    }
    return Optional.empty();
  }

  /** Anyone may list their own keys; only an operator another principal's. */
  public static Optional<Refusal> checkList(Requester requester, String principalId) {
    if (requester.isOperator() || principalId.equals(requester.principalId())) {
      return Optional.empty();
    }
    return Optional.of(
        Refusal.forbidden(
                "api-key-for-other-principal",
                "Expected principalId to be your own ("
                    + requester.principalId()
                    + "), but it is "
                    + principalId
                    + "; only an operator may list other principals' keys.")
            .withField("principalId"));
  }

  public static boolean mayRevoke(Requester requester, ApiKey key) {
    return requester.isOperator() || key.isOwnedBy(requester.principalId());
  }
}
