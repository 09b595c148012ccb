package io.equitoken.identity.apikey;

import io.equitoken.platform.core.Transactions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import reactor.core.publisher.Mono;

/**
 * Creates and revokes API keys. Each change and its event are written in one transaction, so the
 * outbox never announces a key that does not exist (or misses one that does).
 */
public class ApiKeyService {

  private final ApiKeyRepository keys;
  private final ApiKeyEvents events;
  private final Transactions unitOfWork;
  private final SecretHasher hasher;
  private final Clock clock;
  private final Duration idempotencyRetention;

  public ApiKeyService(
      ApiKeyRepository keys,
      ApiKeyEvents events,
      Transactions unitOfWork,
      SecretHasher hasher,
      Clock clock,
      Duration idempotencyRetention) {
    this.keys = keys;
    this.events = events;
    this.unitOfWork = unitOfWork;
    this.hasher = hasher;
    this.clock = clock;
    this.idempotencyRetention = idempotencyRetention;
  }

  public Mono<CreateOutcome> create(
      Requester requester, NewApiKey command, Optional<String> idempotencyKey) {
    Optional<Rejection> rejection = ApiKeyPolicy.checkCreate(requester, command);
    if (rejection.isPresent()) {
      return Mono.just(new CreateOutcome.Rejected(rejection.get()));
    }
    if (idempotencyKey.isEmpty()) {
      return unitOfWork.inTransaction(insert(requester, command, null));
    }
    String key = idempotencyKey.get();
    Instant notBefore = clock.instant().minus(idempotencyRetention);
    return replay(requester, command, key, notBefore)
        .switchIfEmpty(
            Mono.defer(
                () ->
                    unitOfWork
                        .inTransaction(insert(requester, command, key))
                        .onErrorResume(
                            IdempotencyRaceLost.class,
                            lost -> replay(requester, command, key, notBefore))));
  }

  private Mono<CreateOutcome> replay(
      Requester requester, NewApiKey command, String idempotencyKey, Instant notBefore) {
    return keys.findIdempotency(requester.principalId(), idempotencyKey, notBefore)
        .flatMap(
            record ->
                record.sameRequest(command.fingerprint())
                    ? keys.findById(record.apiKeyId()).map(CreateOutcome.Replayed::new)
                    : Mono.just(new CreateOutcome.IdempotencyConflict(idempotencyKey)));
  }

  private Mono<CreateOutcome> insert(
      Requester requester, NewApiKey command, String idempotencyKey) {
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
          Mono<Void> claim =
              idempotencyKey == null
                  ? Mono.empty()
                  : keys.claimIdempotency(
                          new IdempotencyRecord(
                              requester.principalId(),
                              idempotencyKey,
                              command.fingerprint(),
                              key.id(),
                              now),
                          now.minus(idempotencyRetention))
                      .flatMap(
                          claimed ->
                              claimed ? Mono.<Void>empty() : Mono.error(new IdempotencyRaceLost()));
          return claim
              .then(keys.insert(key))
              .then(events.created(ApiKeyCreated.of(key)))
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
                                      .revoked(
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
