package io.equitoken.identity.apikey;

import java.time.Instant;
import java.util.Set;
import java.util.TreeSet;

/**
 * An API key: who it authenticates as ({@code principalId}, {@code roles}) and the hash of its
 * secret. The secret itself is never kept.
 */
public record ApiKey(
    String id,
    String name,
    String principalId,
    Set<String> roles,
    SecretHash secretHash,
    Instant createdAt,
    String createdBy,
    Instant revokedAt) {

  public ApiKey {
    roles = Set.copyOf(new TreeSet<>(roles));
  }

  public boolean isRevoked() {
    return revokedAt != null;
  }

  public boolean isOwnedBy(String principal) {
    return principalId.equals(principal);
  }

  /** Roles in a stable order, as they appear in tokens, events and answers. */
  public java.util.List<String> sortedRoles() {
    return java.util.List.copyOf(new TreeSet<>(roles));
  }
}
