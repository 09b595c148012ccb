package io.equitoken.identity.apikey;

import io.equitoken.platform.core.Roles;
import java.util.Set;

/** Who asks for a change: the {@code sub} and {@code roles} of the caller's token. */
public record Requester(String principalId, Set<String> roles) {

  public Requester {
    roles = Set.copyOf(roles);
  }

  public boolean isOperator() {
    return roles.contains(Roles.OPERATOR);
  }
}
