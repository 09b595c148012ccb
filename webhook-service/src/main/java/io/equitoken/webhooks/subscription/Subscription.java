package io.equitoken.webhooks.subscription;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A webhook endpoint of one principal. {@code ownerOperator} records whether the owner was an
 * operator when subscribing: only then may private events of other principals reach it. {@code
 * apiKeyId} is the API key (the token's {@code azp}) that created or last changed it: when that key
 * is revoked the subscription is {@code PAUSED} with {@code pausedReason} until a valid key enables
 * it again (null for subscriptions from before keys were recorded). During a secret rotation {@code
 * previousSecret} keeps signing until {@code previousSecretExpiresAt}. {@code failingSince} is the
 * start of the current run of failed attempts (null after a success).
 */
public record Subscription(
    UUID id,
    String ownerId,
    boolean ownerOperator,
    String apiKeyId,
    String url,
    List<String> eventTypes,
    String description,
    Status status,
    String disabledReason,
    Instant disabledAt,
    String pausedReason,
    Instant pausedAt,
    String secret,
    String previousSecret,
    Instant previousSecretExpiresAt,
    Instant failingSince,
    Instant createdAt,
    Instant updatedAt) {

  /** How long deliveries also carry the signature under the previous secret after a rotation. */
  public static final Duration ROTATION_OVERLAP = Duration.ofHours(24);

  /** Whether deliveries are made: only while {@code ENABLED}. */
  public enum Status {
    ENABLED,
    DISABLED,
    /** The API key that made or last changed it was revoked; a valid key enables it again. */
    PAUSED;

    public String wire() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public Subscription {
    eventTypes = List.copyOf(eventTypes);
  }

  public boolean visibleTo(Actor actor) {
    return actor.operator() || ownerId.equals(actor.principalId());
  }

  /**
   * The secrets to sign with at {@code now}: the current one, then the previous one if it has not
   * expired and can sign ({@link Secrets#isUsable}: rotating away an unusable secret mends the
   * subscription at once).
   */
  public List<String> signingSecrets(Instant now) {
    if (previousSecret != null
        && previousSecretExpiresAt != null
        && now.isBefore(previousSecretExpiresAt)
        && Secrets.isUsable(previousSecret)) {
      return List.of(secret, previousSecret);
    }
    return List.of(secret);
  }
}
