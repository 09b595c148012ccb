package io.equitoken.identity.apikey;

/** A new key; {@code secret} is the only copy that will ever exist in clear. */
public record CreatedApiKey(ApiKey key, String secret) {
  @Override
  public String toString() {
    return "CreatedApiKey[" + key.id() + ", secret=redacted]";
  }
}
