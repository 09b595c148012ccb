package io.equitoken.identity.bootstrap;

import io.equitoken.identity.apikey.ApiKey;
import io.equitoken.identity.apikey.ApiKeyCreated;
import io.equitoken.identity.apikey.ApiKeyEvent;
import io.equitoken.identity.apikey.ApiKeyRepository;
import io.equitoken.identity.apikey.SecretHasher;
import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Transactions;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.Set;
import reactor.core.publisher.Mono;

/**
 * Makes keys given by configuration (the bootstrap operator, demo keys) exist with exactly the
 * configured secret and roles. Safe to run on every start of every instance: an unchanged key is
 * left alone, a changed secret is re-hashed. A revoked key stays revoked — re-enabling it only
 * because the configuration still names it would silently undo an operator's decision.
 */
public class KeyProvisioning {

  /** What provisioning did to one key. */
  public enum Result {
    CREATED,
    UPDATED,
    UNCHANGED
  }

  /** One configured key; the secret comes from configuration and is never logged. */
  public record ConfiguredKey(
      String apiKey, String name, String principalId, Set<String> roles, String secret) {
    @Override
    public String toString() {
      return "ConfiguredKey[" + apiKey + ", principal=" + principalId + ", roles=" + roles + "]";
    }
  }

  public static final String SYSTEM = "system";

  private final ApiKeyRepository keys;
  private final EventPublisher<ApiKeyEvent> events;
  private final Transactions unitOfWork;
  private final SecretHasher hasher;
  private final Clock clock;

  public KeyProvisioning(
      ApiKeyRepository keys,
      EventPublisher<ApiKeyEvent> events,
      Transactions unitOfWork,
      SecretHasher hasher,
      Clock clock) {
    this.keys = keys;
    this.events = events;
    this.unitOfWork = unitOfWork;
    this.hasher = hasher;
    this.clock = clock;
  }

  public Mono<Result> ensure(ConfiguredKey wanted) {
    return unitOfWork.inTransaction(
        keys.findById(wanted.apiKey())
            .flatMap(existing -> update(existing, wanted))
            .switchIfEmpty(Mono.defer(() -> create(wanted))));
  }

  private Mono<Result> create(ConfiguredKey wanted) {
    ApiKey key =
        new ApiKey(
            wanted.apiKey(),
            wanted.name(),
            wanted.principalId(),
            wanted.roles(),
            hasher.hash(wanted.secret()),
            clock.instant().truncatedTo(ChronoUnit.MICROS),
            SYSTEM,
            null);
    return keys.insert(key).then(events.publish(ApiKeyCreated.of(key))).thenReturn(Result.CREATED);
  }

  private Mono<Result> update(ApiKey existing, ConfiguredKey wanted) {
    boolean same =
        existing.name().equals(wanted.name())
            && existing.principalId().equals(wanted.principalId())
            && existing.roles().equals(Set.copyOf(wanted.roles()))
            && hasher.matches(wanted.secret(), existing.secretHash());
    if (same) {
      return Mono.just(Result.UNCHANGED);
    }
    ApiKey updated =
        new ApiKey(
            existing.id(),
            wanted.name(),
            wanted.principalId(),
            wanted.roles(),
            hasher.hash(wanted.secret()),
            existing.createdAt(),
            existing.createdBy(),
            existing.revokedAt());
    return keys.updateCredentials(updated).thenReturn(Result.UPDATED);
  }
}
