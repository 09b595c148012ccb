package io.equitoken.identity.apikey;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Transactions;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Creates, lists and revokes API keys. Each change and its event are written in one transaction, so
 * the outbox never announces a key that does not exist (or misses one that does). Creating needs a
 * token whose own key is still active here (checked in this service's database, not only by the
 * revocation set), and is capped per principal.
 */
public class ApiKeyService {

  private static final Logger audit = LoggerFactory.getLogger("io.equitoken.identity.audit");

  private final ApiKeyRepository keys;
  private final EventPublisher<ApiKeyEvent> events;
  private final Transactions unitOfWork;
  private final SecretHasher hasher;
  private final Clock clock;
  private final int maxActiveKeysPerPrincipal;

  public ApiKeyService(
      ApiKeyRepository keys,
      EventPublisher<ApiKeyEvent> events,
      Transactions unitOfWork,
      SecretHasher hasher,
      Clock clock,
      int maxActiveKeysPerPrincipal) {
    this.maxActiveKeysPerPrincipal = maxActiveKeysPerPrincipal;
    this.keys = keys;
    this.events = events;
    this.unitOfWork = unitOfWork;
    this.hasher = hasher;
    this.clock = clock;
  }

  /**
   * Creates a key unless {@link #refusal} refuses: the key, its creation event and the
   * per-principal cap check in one transaction (joining the caller's, e.g. platform-web's
   * Idempotency-Key one).
   */
  public Mono<CreateOutcome> create(Requester requester, NewApiKey command) {
    return refusal(requester, command)
        .switchIfEmpty(
            Mono.defer(
                () ->
                    unitOfWork
                        .inTransaction(insert(requester, command))
                        .onErrorResume(KeyLimitReached.class, limit -> limitReached(command))));
  }

  /**
   * Why this caller may not create this key, or empty: its own key is not active here ({@link
   * CreateOutcome.CallerKeyInactive}) or the policy refuses ({@link CreateOutcome.Rejected}).
   * Checked before an Idempotency-Key is looked at, so a replay needs the same rights as the call.
   */
  public Mono<CreateOutcome> refusal(Requester requester, NewApiKey command) {
    return callerKeyActive(requester)
        .flatMap(
            active -> {
              if (!active) {
                audit.warn(
                    "refused key creation for {} by {}: its key {} is not active",
                    command.principalId(),
                    requester.principalId(),
                    requester.apiKeyId());
                return Mono.just((CreateOutcome) new CreateOutcome.CallerKeyInactive());
              }
              return Mono.justOrEmpty(
                  ApiKeyPolicy.checkCreate(requester, command).map(CreateOutcome.Rejected::new));
            });
  }

  private Mono<Boolean> callerKeyActive(Requester requester) {
    if (requester.apiKeyId() == null) {
      return Mono.just(false);
    }
    return keys.findById(requester.apiKeyId())
        .map(key -> !key.isRevoked() && key.isOwnedBy(requester.principalId()))
        .defaultIfEmpty(false);
  }

  /** One page of a principal's keys (never their secrets); others' only for an operator. */
  public Mono<ListOutcome> list(
      Requester requester, String principalId, KeyPosition after, int limit) {
    Optional<Rejection> rejection = ApiKeyPolicy.checkList(requester, principalId);
    if (rejection.isPresent()) {
      return Mono.just(new ListOutcome.Rejected(rejection.get()));
    }
    return keys.findByPrincipal(principalId, after, limit + 1)
        .collectList()
        .map(
            found -> {
              if (found.size() <= limit) {
                return new ListOutcome.Page(found, null);
              }
              List<ApiKey> page = found.subList(0, limit);
              return new ListOutcome.Page(page, KeyPosition.of(page.get(limit - 1)));
            });
  }

  private Mono<CreateOutcome> limitReached(NewApiKey command) {
    return Mono.just(
        new CreateOutcome.LimitReached(command.principalId(), maxActiveKeysPerPrincipal));
  }

  private Mono<CreateOutcome> insert(Requester requester, NewApiKey command) {
    return Mono.defer(
        () -> {
          Instant now = now();
          String secret = Credentials.newSecret();
          ApiKey key =
              new ApiKey(
                  Credentials.newApiKeyId(),
                  command.name(),
                  command.principalId(),
                  command.roles(),
                  hasher.hash(secret),
                  now,
                  requester.principalId(),
                  null);
          Mono<Void> underCap =
              keys.countActiveLocked(command.principalId())
                  .flatMap(
                      active ->
                          active >= maxActiveKeysPerPrincipal
                              ? Mono.<Void>error(new KeyLimitReached())
                              : Mono.<Void>empty());
          return underCap
              .then(keys.insert(key, requester.apiKeyId()))
              .then(events.publish(ApiKeyCreated.of(key, requester.apiKeyId())))
              .doOnSuccess(
                  done ->
                      audit.info(
                          "api key {} for {} with roles {} created by {} with key {}",
                          key.id(),
                          key.principalId(),
                          key.sortedRoles(),
                          requester.principalId(),
                          requester.apiKeyId()))
              .thenReturn((CreateOutcome) new CreateOutcome.Created(key, secret));
        });
  }

  public Mono<RevokeOutcome> revoke(Requester requester, String apiKeyId) {
    return keys.findById(apiKeyId)
        .filter(key -> ApiKeyPolicy.mayRevoke(requester, key))
        .flatMap(
            key -> {
              if (key.isRevoked()) {
                return Mono.just(RevokeOutcome.ALREADY_REVOKED);
              }
              Instant now = now();
              return unitOfWork.inTransaction(
                  keys.markRevoked(key.id(), now, requester.principalId())
                      .flatMap(
                          revoked ->
                              revoked
                                  ? events
                                      .publish(
                                          new ApiKeyRevoked(
                                              key.id(),
                                              key.principalId(),
                                              now,
                                              requester.principalId()))
                                      .thenReturn(RevokeOutcome.REVOKED)
                                  : Mono.just(RevokeOutcome.ALREADY_REVOKED)));
            })
        .defaultIfEmpty(RevokeOutcome.NOT_FOUND);
  }

  /** PostgreSQL keeps microseconds: a replayed answer must show the same time as the first one. */
  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
