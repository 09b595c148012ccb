package io.equitoken.identity.web;

/** Answer of {@code POST /auth/token}; {@code expiresIn} is in seconds. */
record TokenResponse(String accessToken, String tokenType, long expiresIn) {

  @Override
  public String toString() {
    return "TokenResponse[redacted, expiresIn=" + expiresIn + "]";
  }
}
