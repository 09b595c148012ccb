package io.equitoken.identity.apikey;

import io.equitoken.platform.core.Roles;
import java.util.Set;

/**
 * Who asks for a change: the {@code sub}, {@code roles} and {@code azp} (the API key the token was
 * issued for) of the caller's token.
 */
public record Requester(String principalId, Set<String> roles, String apiKeyId) {

  public Requester {
    roles = Set.copyOf(roles);
  }

  public Requester(String principalId, Set<String> roles) {
    this(principalId, roles, null);
  }

  public boolean isOperator() {
    return roles.contains(Roles.OPERATOR);
  }
}
