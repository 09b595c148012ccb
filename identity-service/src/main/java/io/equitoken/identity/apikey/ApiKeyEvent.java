package io.equitoken.identity.apikey;

/**
 * A fact about an API key that is published (through the transactional outbox, so a fact is
 * published if and only if the change was committed). The key id orders one key's events.
 */
public sealed interface ApiKeyEvent permits ApiKeyCreated, ApiKeyRevoked {

  /** The API key the fact is about. */
  String apiKey();
}
