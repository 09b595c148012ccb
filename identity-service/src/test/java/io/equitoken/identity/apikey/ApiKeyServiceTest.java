package io.equitoken.identity.apikey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.identity.support.DirectTransactions;
import io.equitoken.identity.support.InMemoryApiKeyRepository;
import io.equitoken.identity.support.RecordingApiKeyEvents;
import io.equitoken.identity.support.TestSecrets;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import io.equitoken.platform.test.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ApiKeyServiceTest {

  private final InMemoryApiKeyRepository repository = new InMemoryApiKeyRepository();
  private final RecordingApiKeyEvents events = new RecordingApiKeyEvents();
  private final DirectTransactions unitOfWork = new DirectTransactions();
  private final SecretHasher hasher = TestSecrets.hasher();
  private final MutableClock clock = MutableClock.fixedAt(Instant.parse("2026-01-01T00:00:00Z"));
  private final ApiKeyService service =
      new ApiKeyService(repository, events, unitOfWork, unitOfWork, hasher, clock, 3);

  private final Requester alice = caller("inv-alice", "investor");
  private final NewApiKey alicesKey = new NewApiKey("laptop", "inv-alice", Set.of("investor"));

  @Test
  void shouldCreateKeyStoringOnlyTheHashAndPublishCreated() {
    // when
    var outcome = service.create(alice, alicesKey).block();
    // then
    assertThat(outcome).isInstanceOf(CreatedApiKey.class);
    var created = outcome;
    ApiKey stored = repository.keys.get(created.key().id());
    assertThat(hasher.matches(created.secret(), stored.secretHash())).isTrue();
    assertThat(stored.principalId()).isEqualTo("inv-alice");
    assertThat(stored.createdBy()).isEqualTo("inv-alice");
    assertThat(events.published)
        .containsExactly(
            new ApiKeyCreated(
                stored.id(),
                "laptop",
                "inv-alice",
                java.util.List.of("investor"),
                clock.instant(),
                "inv-alice",
                "caller-inv-alice"));
    assertThat(outcome.toString()).doesNotContain(created.secret());
  }

  @Test
  void shouldRejectWithReasonAndPublishNothingWhenPolicyRefuses() {
    assertRefused(
        () -> service.create(alice, new NewApiKey("x", "inv-bob", Set.of("investor"))).block(),
        Refusal.Kind.FORBIDDEN,
        "api-key-for-other-principal");
    assertThat(repository.keys).hasSize(1); // the caller's own
    assertThat(events.published).isEmpty();
  }

  @Test
  void shouldRevokeOwnKeyOnceAndPublishRevokedOnce() {
    // given
    var created = service.create(alice, alicesKey).block();
    String id = created.key().id();
    // when
    var first = service.revoke(alice, id).block();
    var second = service.revoke(alice, id).block();
    // then
    assertThat(first).isEqualTo(RevokeOutcome.REVOKED);
    assertThat(second).isEqualTo(RevokeOutcome.ALREADY_REVOKED);
    assertThat(repository.keys.get(id).isRevoked()).isTrue();
    assertThat(events.published.stream().filter(ApiKeyRevoked.class::isInstance)).hasSize(1);
  }

  @Test
  void shouldAnswerNotFoundForSomeoneElsesKeyAndLeaveItActive() {
    var created = service.create(alice, alicesKey).block();
    var bob = new Requester("inv-bob", Set.of("investor"));
    assertRefused(
        () -> service.revoke(bob, created.key().id()).block(),
        Refusal.Kind.NOT_FOUND,
        "api-key-not-found");
    assertThat(repository.keys.get(created.key().id()).isRevoked()).isFalse();
  }

  @Test
  void shouldLetOperatorRevokeAnyKey() {
    var created = service.create(alice, alicesKey).block();
    var operator = caller("op", "operator");
    assertThat(service.revoke(operator, created.key().id()).block())
        .isEqualTo(RevokeOutcome.REVOKED);
    assertThat(((ApiKeyRevoked) events.published.get(1)).revokedBy()).isEqualTo("op");
  }

  @Test
  void shouldAnswerNotFoundForUnknownKey() {
    assertRefused(
        () -> service.revoke(alice, "etk_unknown").block(),
        Refusal.Kind.NOT_FOUND,
        "api-key-not-found");
  }

  @Test
  void shouldRefuseToCreateKeysWithATokenWhoseKeyIsRevoked() {
    // given: alice's token was issued for a key that has since been revoked
    service.revoke(alice, "caller-inv-alice").block();
    int before = repository.keys.size();
    // when
    // then
    assertRefused(
        () -> service.create(alice, alicesKey).block(), Refusal.Kind.UNAUTHORIZED, "invalid-token");
    assertThat(repository.keys).hasSize(before);
  }

  @Test
  void shouldRefuseToCreateKeysWithATokenOfAnUnknownOrSomeoneElsesKey() {
    var noKey = new Requester("inv-alice", Set.of("investor"));
    var unknownKey = new Requester("inv-alice", Set.of("investor"), "etk_unknown");
    var bobsKey =
        new Requester("inv-alice", Set.of("investor"), caller("inv-bob", "investor").apiKeyId());

    for (Requester requester : java.util.List.of(noKey, unknownKey, bobsKey)) {
      assertRefused(
          () -> service.create(requester, alicesKey).block(),
          Refusal.Kind.UNAUTHORIZED,
          "invalid-token");
    }
    assertThat(events.published).isEmpty();
  }

  @Test
  void shouldCapTheActiveKeysOfAPrincipal() {
    // given: alice holds her own key and two more = the cap of 3
    service.create(alice, alicesKey).block();
    var third = service.create(alice, alicesKey).block();
    // when / then: a fourth is refused, also to an operator creating it for her
    assertThatThrownBy(() -> service.create(alice, alicesKey).block())
        .isInstanceOfSatisfying(
            RefusedException.class,
            e -> {
              assertThat(e.refusal().kind()).isEqualTo(Refusal.Kind.CONFLICT);
              assertThat(e.refusal().code()).isEqualTo("too-many-api-keys");
              assertThat(e.refusal().field()).isEqualTo("principalId");
              assertThat(e.refusal().detail()).contains("inv-alice").contains("fewer than 3");
            });
    assertRefused(
        () -> service.create(caller("op", "operator"), alicesKey).block(),
        Refusal.Kind.CONFLICT,
        "too-many-api-keys");
    // and a revoked key frees a place
    service.revoke(alice, third.key().id()).block();
    assertThat(service.create(alice, alicesKey).block()).isInstanceOf(CreatedApiKey.class);
  }

  @Test
  void shouldListOwnKeysPageByPageAndOthersOnlyForOperators() {
    service.create(alice, alicesKey).block();
    clock.advance(Duration.ofSeconds(1));
    service.create(alice, alicesKey).block();

    var first = service.list(alice, "inv-alice", null, 2).block();
    var second = service.list(alice, "inv-alice", first.next(), 2).block();

    assertThat(first.keys()).hasSize(2);
    assertThat(second.keys()).hasSize(1);
    assertThat(second.next()).isNull();
    assertRefused(
        () -> service.list(caller("inv-bob", "investor"), "inv-alice", null, 10).block(),
        Refusal.Kind.FORBIDDEN,
        "api-key-for-other-principal");
    assertThat(service.list(caller("op", "operator"), "inv-alice", null, 10).block().keys())
        .hasSize(3);
  }

  private static void assertRefused(
      org.assertj.core.api.ThrowableAssert.ThrowingCallable call, Refusal.Kind kind, String code) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            RefusedException.class,
            e -> {
              assertThat(e.refusal().kind()).isEqualTo(kind);
              assertThat(e.refusal().code()).isEqualTo(code);
            });
  }

  /** A caller whose token names an active key of its own. */
  private Requester caller(String principal, String... roles) {
    String id = "caller-" + principal;
    repository.keys.putIfAbsent(
        id,
        new ApiKey(
            id,
            "caller",
            principal,
            Set.of(roles),
            hasher.hash("s"),
            Instant.parse("2025-01-01T00:00:00Z"),
            "system",
            null));
    return new Requester(principal, Set.of(roles), id);
  }
}
