package io.equitoken.identity.messaging;

/** The topic and event types identity-service publishes (contracts/events/identity/). */
public final class IdentityTopic {

  public static final String NAME = "identity.events.v1";
  public static final String API_KEY_CREATED = "equitoken.identity.api-key.created.v1";
  public static final String API_KEY_REVOKED = "equitoken.identity.api-key.revoked.v1";

  private IdentityTopic() {}
}
