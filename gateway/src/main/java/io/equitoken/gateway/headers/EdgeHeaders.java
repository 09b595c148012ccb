package io.equitoken.gateway.headers;

import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Header rules at the edge. Services trust only the JWT, but a header that looks like an identity
 * assertion (as some proxies add after authenticating) must never reach them from a client, where
 * it could be mistaken for one the platform set.
 */
public final class EdgeHeaders {

  public static final String REQUEST_ID = "X-Request-Id";
  public static final String HSTS = "Strict-Transport-Security";

  /** Two years, subdomains included: the gateway serves nothing over plain HTTP. */
  public static final String HSTS_VALUE = "max-age=63072000; includeSubDomains";

  private static final Set<String> IDENTITY_PREFIXES =
      Set.of("x-principal-", "x-user-", "x-auth-", "x-authenticated-", "x-forwarded-user");

  private static final Set<String> IDENTITY_NAMES =
      Set.of(
          "x-roles",
          "x-role",
          "x-user",
          "x-principal",
          "x-user-id",
          "x-forwarded-email",
          "x-forwarded-groups",
          "x-forwarded-preferred-username",
          "x-remote-user",
          "remote-user",
          "x-api-key-id",
          "x-client-id");

  /** Short printable ids only, so that a client cannot inject into logs through the request id. */
  private static final Pattern ACCEPTABLE_REQUEST_ID = Pattern.compile("[A-Za-z0-9._:-]{8,128}");

  private EdgeHeaders() {}

  public static boolean isClientIdentityHeader(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (IDENTITY_NAMES.contains(lower)) {
      return true;
    }
    for (String prefix : IDENTITY_PREFIXES) {
      if (lower.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  /** The client's request id when it is a sane one, else a fresh UUID. */
  public static String requestId(String fromClient) {
    if (fromClient != null && ACCEPTABLE_REQUEST_ID.matcher(fromClient).matches()) {
      return fromClient;
    }
    return UUID.randomUUID().toString();
  }
}
