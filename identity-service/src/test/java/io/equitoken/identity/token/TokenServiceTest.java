package io.equitoken.identity.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.equitoken.identity.apikey.ApiKey;
import io.equitoken.identity.apikey.SecretHash;
import io.equitoken.identity.apikey.SecretHasher;
import io.equitoken.identity.signing.KeyCipher;
import io.equitoken.identity.signing.SigningKey;
import io.equitoken.identity.signing.SigningKeys;
import io.equitoken.identity.support.DirectTransactions;
import io.equitoken.identity.support.InMemoryApiKeyRepository;
import io.equitoken.identity.support.InMemorySigningKeyRepository;
import io.equitoken.identity.support.TestSecrets;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import io.equitoken.platform.test.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TokenServiceTest {

  private static final ClientAddress HERE = new ClientAddress("198.51.100.4");
  private static final ClientAddress ELSEWHERE = new ClientAddress("203.0.113.7");

  private final MutableClock clock = MutableClock.fixedAt(Instant.parse("2026-01-01T00:00:00Z"));
  private final InMemoryApiKeyRepository keys = new InMemoryApiKeyRepository();
  private final AtomicInteger hashes = new AtomicInteger();
  private final AtomicInteger dummyChecks = new AtomicInteger();
  private final SecretHasher hasher =
      new SecretHasher(TestSecrets.PEPPER) {
        @Override
        public SecretHash hash(String secret) {
          hashes.incrementAndGet();
          return super.hash(secret);
        }

        @Override
        public boolean matchesDummy(String presented) {
          dummyChecks.incrementAndGet();
          return super.matchesDummy(presented);
        }
      };
  private final SigningKeys signingKeys =
      new SigningKeys(
          new InMemorySigningKeyRepository(),
          new DirectTransactions(),
          new KeyCipher(TestSecrets.KEK),
          clock,
          Duration.ofMinutes(16),
          Duration.ofDays(30));
  private final TokenService tokens =
      new TokenService(
          keys,
          hasher,
          signingKeys,
          new TokenSettings("https://iss", "aud-1", Duration.ofSeconds(900)),
          new FailedSecretLimiter(3, 6, Duration.ofMinutes(15), 1000, clock),
          clock);

  private void givenKey(String id, String secret, Instant revokedAt) {
    keys.keys.put(
        id,
        new ApiKey(
            id,
            "n",
            "inv-alice",
            Set.of("investor", "partner"),
            new SecretHasher(TestSecrets.PEPPER).hash(secret),
            clock.instant(),
            "op",
            revokedAt));
  }

  @Test
  void shouldIssueSignedTokenWithAllClaims() throws Exception {
    // given
    givenKey("etk_a", "etks_right", null);
    SigningKey signer = signingKeys.ensureSigner().block();
    // when
    AccessToken token = tokens.issue("etk_a", "etks_right", HERE).block();
    // then
    assertThat(token.expiresInSeconds()).isEqualTo(900);
    SignedJWT jwt = SignedJWT.parse(token.value());
    assertThat(jwt.getHeader().getKeyID()).isEqualTo(signer.kid());
    assertThat(jwt.getHeader().getAlgorithm().getName()).isEqualTo("ES256");
    assertThat(jwt.verify(new ECDSAVerifier(ECKey.parse(signer.publicJwk())))).isTrue();
    JWTClaimsSet claims = jwt.getJWTClaimsSet();
    assertThat(claims.getIssuer()).isEqualTo("https://iss");
    assertThat(claims.getAudience()).containsExactly("aud-1");
    assertThat(claims.getSubject()).isEqualTo("inv-alice");
    assertThat(claims.getStringListClaim("roles")).containsExactly("investor", "partner");
    assertThat(claims.getStringClaim("azp")).isEqualTo("etk_a");
    assertThat(claims.getJWTID()).isNotBlank();
    assertThat(claims.getIssueTime().toInstant()).isEqualTo(clock.instant());
    assertThat(claims.getExpirationTime().toInstant()).isEqualTo(clock.instant().plusSeconds(900));
  }

  @Test
  void shouldGiveNothingForWrongSecret() {
    givenKey("etk_a", "etks_right", null);
    assertThat(tokens.issue("etk_a", "etks_wrong", HERE).blockOptional()).isEmpty();
  }

  @Test
  void shouldGiveNothingForRevokedKeyEvenWithRightSecret() {
    givenKey("etk_a", "etks_right", clock.instant());
    assertThat(tokens.issue("etk_a", "etks_right", HERE).blockOptional()).isEmpty();
  }

  @Test
  void shouldHashTheSecretAgainstADummyWhenTheKeyIsUnknownSoTimingRevealsNothing() {
    // given
    hashes.set(0);
    // when
    var unknown = tokens.issue("etk_unknown", "etks_whatever", HERE).blockOptional();
    // then: the same HMAC work as for a known key was done
    assertThat(unknown).isEmpty();
    assertThat(dummyChecks).hasValue(1);
    assertThat(hashes).hasValue(1);
  }

  @Test
  void shouldDoTheSameHashingWorkForKnownUnknownAndRevokedKeys() {
    givenKey("etk_a", "etks_right", null);
    givenKey("etk_r", "etks_right", clock.instant());
    int[] work = new int[3];
    hashes.set(0);
    tokens.issue("etk_a", "etks_wrong", HERE).blockOptional();
    work[0] = hashes.getAndSet(0);
    tokens.issue("etk_unknown", "etks_wrong", HERE).blockOptional();
    work[1] = hashes.getAndSet(0);
    tokens.issue("etk_r", "etks_right", HERE).blockOptional();
    work[2] = hashes.getAndSet(0);
    assertThat(work).containsExactly(1, 1, 1);
  }

  @Test
  void shouldRefuseAnAddressAfterTooManyWrongSecretsEvenWithTheRightOneUntilTheWindowEnds() {
    givenKey("etk_a", "etks_right", null);
    for (int i = 0; i < 3; i++) {
      assertThat(tokens.issue("etk_a", "etks_wrong" + i, ELSEWHERE).blockOptional()).isEmpty();
    }
    hashes.set(0);

    assertThatThrownBy(() -> tokens.issue("etk_a", "etks_right", ELSEWHERE).block())
        .isInstanceOfSatisfying(
            RefusedException.class,
            e -> {
              assertThat(e.refusal().kind()).isEqualTo(Refusal.Kind.TOO_MANY_REQUESTS);
              assertThat(e.refusal().code()).isEqualTo("too-many-failed-secrets");
              assertThat(e.refusal().detail()).contains("from this address");
              assertThat(e.refusal().extensions()).containsEntry("retryAfterSeconds", 900L);
            });
    // refused before any secret is checked; the owner's address and other keys are not affected
    assertThat(hashes).hasValue(0);
    assertThat(tokens.issue("etk_a", "etks_right", HERE).blockOptional()).isPresent();
    givenKey("etk_b", "etks_b", null);
    assertThat(tokens.issue("etk_b", "etks_b", ELSEWHERE).blockOptional()).isPresent();

    clock.advance(Duration.ofMinutes(15));
    assertThat(tokens.issue("etk_a", "etks_right", ELSEWHERE).blockOptional()).isPresent();
  }

  @Test
  void shouldRefuseTheKeyIdFromEveryAddressOnceTheKeyWideCeilingIsReached() {
    givenKey("etk_a", "etks_right", null);
    for (int i = 0; i < 6; i++) {
      ClientAddress guesser = new ClientAddress("192.0.2." + i);
      assertThat(tokens.issue("etk_a", "etks_wrong", guesser).blockOptional()).isEmpty();
    }

    assertThatThrownBy(() -> tokens.issue("etk_a", "etks_right", HERE).block())
        .isInstanceOfSatisfying(
            RefusedException.class,
            e -> {
              assertThat(e.refusal().code()).isEqualTo("too-many-failed-secrets");
              assertThat(e.refusal().detail()).contains("from all addresses");
            });
    clock.advance(Duration.ofMinutes(15));
    assertThat(tokens.issue("etk_a", "etks_right", HERE).blockOptional()).isPresent();
  }

  @Test
  void shouldCountUnknownKeyIdsToo() {
    for (int i = 0; i < 3; i++) {
      assertThat(tokens.issue("etk_unknown", "etks_x", HERE).blockOptional()).isEmpty();
    }
    assertThatThrownBy(() -> tokens.issue("etk_unknown", "etks_x", HERE).block())
        .isInstanceOf(RefusedException.class);
  }

  @Test
  void shouldClearTheCountOnTheRightSecret() {
    givenKey("etk_a", "etks_right", null);
    tokens.issue("etk_a", "etks_wrong", HERE).blockOptional();
    tokens.issue("etk_a", "etks_wrong", HERE).blockOptional();
    assertThat(tokens.issue("etk_a", "etks_right", HERE).blockOptional()).isPresent();
    tokens.issue("etk_a", "etks_wrong", HERE).blockOptional();
    tokens.issue("etk_a", "etks_wrong", HERE).blockOptional();
    assertThat(tokens.issue("etk_a", "etks_right", HERE).blockOptional()).isPresent();
  }
}
