package io.equitoken.identity.signing;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import io.equitoken.platform.core.Transactions;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Rotation without downtime. The newest key signs; rotating inserts the next generation and retires
 * the previous one in one transaction. A retired key stays in the JWKS for {@code verifyGrace}
 * (token lifetime plus clock skew), so every token it signed verifies until it expires. Generations
 * are unique in the database, so when several instances rotate at once exactly one wins and all of
 * them then sign with the winner's key.
 */
public class SigningKeys {

  static final String ALGORITHM = "ES256";

  private final SigningKeyRepository repository;
  private final Transactions unitOfWork;
  private final KeyCipher cipher;
  private final Clock clock;
  private final Duration verifyGrace;
  private final Duration rotationPeriod;
  private final Map<String, Signer> decrypted = new ConcurrentHashMap<>();

  public SigningKeys(
      SigningKeyRepository repository,
      Transactions unitOfWork,
      KeyCipher cipher,
      Clock clock,
      Duration verifyGrace,
      Duration rotationPeriod) {
    this.repository = repository;
    this.unitOfWork = unitOfWork;
    this.cipher = cipher;
    this.clock = clock;
    this.verifyGrace = verifyGrace;
    this.rotationPeriod = rotationPeriod;
  }

  /** Creates the first key if there is none (start-up of a fresh database). */
  public Mono<SigningKey> ensureSigner() {
    return repository
        .latest()
        .switchIfEmpty(
            Mono.defer(
                () -> {
                  SigningKey first = generate(1);
                  return repository
                      .insertIfGenerationFree(first)
                      .then(Mono.defer(repository::latest));
                }));
  }

  /** The key to sign with now, as agreed by every instance through the database. */
  public Mono<Signer> signer() {
    return ensureSigner()
        .map(key -> decrypted.computeIfAbsent(key.kid(), kid -> new Signer(privateKey(key))));
  }

  /** Public keys a verifier needs now: the signer and every retired key still in its grace. */
  public Flux<SigningKey> published() {
    return repository.publishedAt(clock.instant());
  }

  /** Makes a new key the signer now; the old one keeps verifying for its grace period. */
  public Mono<SigningKey> rotate() {
    return ensureSigner()
        .flatMap(
            current -> {
              Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
              SigningKey next = generate(current.generation() + 1);
              return unitOfWork
                  .inTransaction(
                      repository
                          .insertIfGenerationFree(next)
                          .flatMap(
                              inserted ->
                                  inserted
                                      ? repository
                                          .retire(current.kid(), now, now.plus(verifyGrace))
                                          .thenReturn(next)
                                      // another instance rotated concurrently: use its key
                                      : Mono.defer(repository::latest)))
                  .doOnNext(key -> decrypted.remove(current.kid()));
            });
  }

  /** Rotates if the signer has signed for a whole rotation period (called on a schedule). */
  public Mono<Boolean> rotateIfDue() {
    return ensureSigner()
        .flatMap(
            current ->
                current.createdAt().plus(rotationPeriod).isAfter(clock.instant())
                    ? Mono.just(false)
                    : rotate().thenReturn(true));
  }

  private SigningKey generate(int generation) {
    try {
      ECKey key =
          new ECKeyGenerator(Curve.P_256)
              .keyUse(KeyUse.SIGNATURE)
              .algorithm(JWSAlgorithm.ES256)
              .generate();
      // RFC 7638 thumbprint: a kid derived from the key itself, never reused by another key
      String kid = key.computeThumbprint().toString();
      ECKey withKid = new ECKey.Builder(key).keyID(kid).build();
      return new SigningKey(
          kid,
          generation,
          ALGORITHM,
          withKid.toPublicJWK().toJSONString(),
          cipher.encrypt(withKid.toJSONString(), kid),
          clock.instant().truncatedTo(ChronoUnit.MICROS),
          null,
          null);
    } catch (JOSEException e) {
      throw new IllegalStateException("Cannot generate a P-256 key", e);
    }
  }

  private ECKey privateKey(SigningKey key) {
    if (key.encryptedPrivateJwk() == null) {
      throw new IllegalStateException("Signing key " + key.kid() + " has no private half");
    }
    try {
      return ECKey.parse(cipher.decrypt(key.encryptedPrivateJwk(), key.kid()));
    } catch (ParseException e) {
      throw new IllegalStateException("Stored signing key " + key.kid() + " is corrupt", e);
    }
  }
}
