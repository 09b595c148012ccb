package io.equitoken.identity.apikey;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.TransactionLocks;
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
  private final TransactionLocks locks;
  private final SecretHasher hasher;
  private final Clock clock;
  private final int maxActiveKeysPerPrincipal;

  public ApiKeyService(
      ApiKeyRepository keys,
      EventPublisher<ApiKeyEvent> events,
      Transactions unitOfWork,
      TransactionLocks locks,
      SecretHasher hasher,
      Clock clock,
      int maxActiveKeysPerPrincipal) {
    this.maxActiveKeysPerPrincipal = maxActiveKeysPerPrincipal;
    this.keys = keys;
    this.events = events;
    this.unitOfWork = unitOfWork;
    this.locks = locks;
    this.hasher = hasher;
    this.clock = clock;
  }

  /**
   * Creates a key unless {@link #refusal} refuses: the key, its creation event and the
   * per-principal cap check in one transaction (joining the caller's, e.g. platform-web's
   * Idempotency-Key one).
   */
  public Mono<CreatedApiKey> create(Requester requester, NewApiKey command) {
    return checkCreate(requester, command)
        .then(
            Mono.defer(
                () ->
                    unitOfWork
                        .inTransaction(insert(requester, command))
                        .onErrorMap(
                            KeyLimitReached.class, limit -> limitReached(command).exception())));
  }

  /**
   * Completes empty when this caller may create this key, else fails with a {@link Refusal}: its
   * own key is not active here ({@code 401 invalid-token}, the answer to any unusable token) or the
   * policy refuses ({@code 403}, {@link ApiKeyPolicy}). Checked before an Idempotency-Key is looked
   * at, so a replay needs the same rights as the call.
   */
  public Mono<Void> checkCreate(Requester requester, NewApiKey command) {
    return callerKeyActive(requester)
        .flatMap(
            active -> {
              if (!active) {
                audit.warn(
                    "refused key creation for {} by {}: its key {} is not active",
                    command.principalId(),
                    requester.principalId(),
                    requester.apiKeyId());
                // the same answer as any other unusable token: which check failed is not revealed
                return Mono.error(
                    Refusal.of(
                            Refusal.Kind.UNAUTHORIZED,
                            "invalid-token",
                            "The bearer token is invalid or expired; request a new one at POST"
                                + " /auth/token.")
                        .exception());
              }
              return ApiKeyPolicy.checkCreate(requester, command)
                  .map(refusal -> Mono.<Void>error(refusal.exception()))
                  .orElseGet(Mono::empty);
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

  /**
   * One page of a principal's keys (never their secrets); others' only for an operator, else a
   * {@code 403} {@link Refusal} naming {@code principalId}.
   */
  public Mono<KeyPage> list(Requester requester, String principalId, KeyPosition after, int limit) {
    Optional<Refusal> refusal = ApiKeyPolicy.checkList(requester, principalId);
    if (refusal.isPresent()) {
      return Mono.error(refusal.get().exception());
    }
    return keys.findByPrincipal(principalId, after, limit + 1)
        .collectList()
        .map(
            found -> {
              if (found.size() <= limit) {
                return new KeyPage(found, null);
              }
              List<ApiKey> page = found.subList(0, limit);
              return new KeyPage(page, KeyPosition.of(page.get(limit - 1)));
            });
  }

  private Refusal limitReached(NewApiKey command) {
    return Refusal.conflict(
            "too-many-api-keys",
            "Expected "
                + command.principalId()
                + " to hold fewer than "
                + maxActiveKeysPerPrincipal
                + " active API keys, but they hold "
                + maxActiveKeysPerPrincipal
                + "; revoke one first (GET /developer/api-key lists them).")
        .withField("principalId");
  }

  private Mono<CreatedApiKey> insert(Requester requester, NewApiKey command) {
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
              // under a per-principal lock held until the transaction ends, so that concurrent
              // creations cannot together exceed the cap
              locks
                  .lock("identity.api-keys:" + command.principalId())
                  .then(keys.countActive(command.principalId()))
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
              .thenReturn(new CreatedApiKey(key, secret));
        });
  }

  /** Revokes the key; an unknown key and someone else's are both {@code 404 api-key-not-found}. */
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
        .switchIfEmpty(
            Mono.error(
                () ->
                    Refusal.notFound(
                            "api-key-not-found",
                            "No API key " + apiKeyId + " exists that you may revoke.")
                        .exception()));
  }

  /** PostgreSQL keeps microseconds: a replayed answer must show the same time as the first one. */
  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
