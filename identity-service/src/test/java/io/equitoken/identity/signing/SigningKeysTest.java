package io.equitoken.identity.signing;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.equitoken.identity.support.DirectTransactions;
import io.equitoken.identity.support.InMemorySigningKeyRepository;
import io.equitoken.identity.support.TestSecrets;
import io.equitoken.platform.test.MutableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SigningKeysTest {

  private static final Duration GRACE = Duration.ofSeconds(930);
  private final InMemorySigningKeyRepository repository = new InMemorySigningKeyRepository();
  private final MutableClock clock = MutableClock.fixedAt(Instant.parse("2026-01-01T00:00:00Z"));
  private final SigningKeys keys =
      new SigningKeys(
          repository,
          new DirectTransactions(),
          new KeyCipher(TestSecrets.KEK),
          clock,
          GRACE,
          Duration.ofDays(30));

  @Test
  void shouldCreateOneKeyOnFirstStartAndReuseItAfterwards() {
    SigningKey first = keys.ensureSigner().block();
    SigningKey again = keys.ensureSigner().block();
    assertThat(again.kid()).isEqualTo(first.kid());
    assertThat(repository.byGeneration).hasSize(1);
    assertThat(first.algorithm()).isEqualTo("ES256");
    assertThat(first.publicJwk()).doesNotContain("\"d\"");
  }

  @Test
  void shouldSignWithTheKidOfTheCurrentKeySoThatItsPublicKeyVerifies() throws Exception {
    // given
    SigningKey current = keys.ensureSigner().block();
    // when
    String jwt = keys.signer().block().sign(new JWTClaimsSet.Builder().subject("s").build());
    // then
    SignedJWT parsed = SignedJWT.parse(jwt);
    assertThat(parsed.getHeader().getKeyID()).isEqualTo(current.kid());
    assertThat(parsed.verify(new ECDSAVerifier(ECKey.parse(current.publicJwk())))).isTrue();
  }

  @Test
  void shouldSignWithNewKeyAfterRotationAndKeepPublishingOldOneUntilItsTokensExpired() {
    // given
    SigningKey old = keys.ensureSigner().block();
    // when
    SigningKey next = keys.rotate().block();
    // then
    assertThat(keys.signer().block().kid()).isEqualTo(next.kid()).isNotEqualTo(old.kid());
    assertThat(keys.published().map(SigningKey::kid).collectList().block())
        .containsExactly(next.kid(), old.kid());
    SigningKey retired = repository.byGeneration.get(1);
    assertThat(retired.encryptedPrivateJwk()).as("private half erased").isNull();
    assertThat(retired.verifyUntil()).isEqualTo(clock.instant().plus(GRACE));
    // and when the grace period is over
    clock.advance(GRACE.plusSeconds(1));
    assertThat(keys.published().map(SigningKey::kid).collectList().block())
        .containsExactly(next.kid());
  }

  @Test
  void shouldRotateOnlyWhenTheRotationPeriodHasElapsed() {
    keys.ensureSigner().block();
    clock.advance(Duration.ofDays(29));
    assertThat(keys.rotateIfDue().block()).isFalse();
    clock.advance(Duration.ofDays(1));
    assertThat(keys.rotateIfDue().block()).isTrue();
    assertThat(repository.byGeneration).hasSize(2);
  }

  @Test
  void shouldAdoptTheWinnersKeyWhenAnotherInstanceRotatedConcurrently() {
    // given: this instance still sees generation 1 while another instance has inserted generation 2
    SigningKey first = keys.ensureSigner().block();
    SigningKeys otherInstance =
        new SigningKeys(
            repository,
            new DirectTransactions(),
            new KeyCipher(TestSecrets.KEK),
            clock,
            GRACE,
            Duration.ofDays(30));
    InMemorySigningKeyRepository stale =
        new InMemorySigningKeyRepository() {
          private boolean firstRead = true;

          @Override
          public reactor.core.publisher.Mono<SigningKey> latest() {
            if (firstRead) {
              firstRead = false;
              return reactor.core.publisher.Mono.just(first);
            }
            return repository.latest();
          }

          @Override
          public reactor.core.publisher.Mono<Boolean> insertIfGenerationFree(SigningKey key) {
            return repository.insertIfGenerationFree(key);
          }
        };
    SigningKeys thisInstance =
        new SigningKeys(
            stale,
            new DirectTransactions(),
            new KeyCipher(TestSecrets.KEK),
            clock,
            GRACE,
            Duration.ofDays(30));
    SigningKey winner = otherInstance.rotate().block();
    // when
    SigningKey adopted = thisInstance.rotate().block();
    // then: no second generation 2, and both instances sign with the same key
    assertThat(adopted.kid()).isEqualTo(winner.kid());
    assertThat(repository.byGeneration).hasSize(2);
    assertThat(otherInstance.signer().block().kid()).isEqualTo(winner.kid());
  }
}
