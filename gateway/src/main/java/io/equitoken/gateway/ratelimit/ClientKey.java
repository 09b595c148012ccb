package io.equitoken.gateway.ratelimit;

/**
 * Whose bucket a request draws from: the API key the token was issued for ({@code azp}), else the
 * principal ({@code sub}), else — for anonymous calls such as {@code POST /auth/token} — the client
 * address, so that credential guessing is throttled per source.
 */
public record ClientKey(String value, boolean anonymous) {

  public static ClientKey authenticated(String azp, String sub) {
    if (azp != null && !azp.isBlank()) {
      return new ClientKey("key:" + azp, false);
    }
    if (sub != null && !sub.isBlank()) {
      return new ClientKey("sub:" + sub, false);
    }
    throw new IllegalArgumentException("an authenticated caller has a sub");
  }

  public static ClientKey anonymous(String clientAddress) {
    return new ClientKey("ip:" + (clientAddress == null ? "unknown" : clientAddress), true);
  }
}
