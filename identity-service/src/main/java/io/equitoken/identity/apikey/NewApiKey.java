package io.equitoken.identity.apikey;

import io.equitoken.platform.core.Roles;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The command to create an API key. The web adapter validates the same rules to answer with field
 * errors; they are repeated here because the domain must not depend on an adapter for them.
 */
public record NewApiKey(String name, String principalId, Set<String> roles) {

  public static final int NAME_MAX = 100;
  public static final Pattern PRINCIPAL_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

  public NewApiKey {
    if (name == null || name.isBlank() || name.length() > NAME_MAX) {
      throw new IllegalArgumentException("name must have 1.." + NAME_MAX + " characters");
    }
    if (principalId == null || !PRINCIPAL_ID.matcher(principalId).matches()) {
      throw new IllegalArgumentException("principalId must match " + PRINCIPAL_ID);
    }
    if (roles == null || roles.isEmpty() || !roles.stream().allMatch(Roles::isKnown)) {
      throw new IllegalArgumentException("roles must be a non-empty set of platform roles");
    }
    roles = Set.copyOf(new TreeSet<>(roles));
  }

  /**
   * A digest of the request's meaning (role order and duplicates ignored), used to tell a retried
   * request from a different one sent under the same Idempotency-Key.
   */
  public byte[] fingerprint() {
    String canonical =
        name + '\u0000' + principalId + '\u0000' + String.join(",", new TreeSet<>(roles));
    try {
      return MessageDigest.getInstance("SHA-256")
          .digest(canonical.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
