package io.equitoken.identity.token;

/** A signed access token and its lifetime in seconds. */
public record AccessToken(String value, long expiresInSeconds) {

  @Override
  public String toString() {
    return "AccessToken[redacted, expiresIn=" + expiresInSeconds + "]";
  }
}
