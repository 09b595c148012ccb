package io.equitoken.identity.apikey;

import java.time.Instant;

/** A place in one principal's keys, ordered by creation time then id (a page cursor). */
public record KeyPosition(Instant createdAt, String apiKeyId) {

  public static KeyPosition of(ApiKey key) {
    return new KeyPosition(key.createdAt(), key.id());
  }
}
