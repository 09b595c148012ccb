package io.equitoken.identity.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.identity.support.DirectTransactions;
import io.equitoken.identity.support.InMemoryApiKeyRepository;
import io.equitoken.identity.support.RecordingApiKeyEvents;
import io.equitoken.identity.support.TestSecrets;
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
      new ApiKeyService(repository, events, unitOfWork, hasher, clock, 3);

  private final Requester alice = caller("inv-alice", "investor");
  private final NewApiKey alicesKey = new NewApiKey("laptop", "inv-alice", Set.of("investor"));

  @Test
  void shouldCreateKeyStoringOnlyTheHashAndPublishCreated() {
    // when
    var outcome = service.create(alice, alicesKey).block();
    // then
    assertThat(outcome).isInstanceOf(CreateOutcome.Created.class);
    var created = (CreateOutcome.Created) outcome;
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
    var outcome = service.create(alice, new NewApiKey("x", "inv-bob", Set.of("investor"))).block();
    assertThat(outcome).isInstanceOf(CreateOutcome.Rejected.class);
    assertThat(repository.keys).hasSize(1); // the caller's own
    assertThat(events.published).isEmpty();
  }

  @Test
  void shouldRevokeOwnKeyOnceAndPublishRevokedOnce() {
    // given
    var created = (CreateOutcome.Created) service.create(alice, alicesKey).block();
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
    var created = (CreateOutcome.Created) service.create(alice, alicesKey).block();
    var bob = new Requester("inv-bob", Set.of("investor"));
    assertThat(service.revoke(bob, created.key().id()).block()).isEqualTo(RevokeOutcome.NOT_FOUND);
    assertThat(repository.keys.get(created.key().id()).isRevoked()).isFalse();
  }

  @Test
  void shouldLetOperatorRevokeAnyKey() {
    var created = (CreateOutcome.Created) service.create(alice, alicesKey).block();
    var operator = caller("op", "operator");
    assertThat(service.revoke(operator, created.key().id()).block())
        .isEqualTo(RevokeOutcome.REVOKED);
    assertThat(((ApiKeyRevoked) events.published.get(1)).revokedBy()).isEqualTo("op");
  }

  @Test
  void shouldAnswerNotFoundForUnknownKey() {
    assertThat(service.revoke(alice, "etk_unknown").block()).isEqualTo(RevokeOutcome.NOT_FOUND);
  }

  @Test
  void shouldRefuseToCreateKeysWithATokenWhoseKeyIsRevoked() {
    // given: alice's token was issued for a key that has since been revoked
    service.revoke(alice, "caller-inv-alice").block();
    int before = repository.keys.size();
    // when
    var outcome = service.create(alice, alicesKey).block();
    // then
    assertThat(outcome).isInstanceOf(CreateOutcome.CallerKeyInactive.class);
    assertThat(repository.keys).hasSize(before);
  }

  @Test
  void shouldRefuseToCreateKeysWithATokenOfAnUnknownOrSomeoneElsesKey() {
    var noKey = new Requester("inv-alice", Set.of("investor"));
    var unknownKey = new Requester("inv-alice", Set.of("investor"), "etk_unknown");
    var bobsKey =
        new Requester("inv-alice", Set.of("investor"), caller("inv-bob", "investor").apiKeyId());

    for (Requester requester : java.util.List.of(noKey, unknownKey, bobsKey)) {
      assertThat(service.create(requester, alicesKey).block())
          .isInstanceOf(CreateOutcome.CallerKeyInactive.class);
    }
    assertThat(events.published).isEmpty();
  }

  @Test
  void shouldCapTheActiveKeysOfAPrincipal() {
    // given: alice holds her own key and two more = the cap of 3
    service.create(alice, alicesKey).block();
    var third = (CreateOutcome.Created) service.create(alice, alicesKey).block();
    // when / then: a fourth is refused, also to an operator creating it for her
    assertThat(service.create(alice, alicesKey).block())
        .isEqualTo(new CreateOutcome.LimitReached("inv-alice", 3));
    assertThat(service.create(caller("op", "operator"), alicesKey).block())
        .isInstanceOf(CreateOutcome.LimitReached.class);
    // and a revoked key frees a place
    service.revoke(alice, third.key().id()).block();
    assertThat(service.create(alice, alicesKey).block()).isInstanceOf(CreateOutcome.Created.class);
  }

  @Test
  void shouldListOwnKeysPageByPageAndOthersOnlyForOperators() {
    service.create(alice, alicesKey).block();
    clock.advance(Duration.ofSeconds(1));
    service.create(alice, alicesKey).block();

    var first = (ListOutcome.Page) service.list(alice, "inv-alice", null, 2).block();
    var second = (ListOutcome.Page) service.list(alice, "inv-alice", first.next(), 2).block();

    assertThat(first.keys()).hasSize(2);
    assertThat(second.keys()).hasSize(1);
    assertThat(second.next()).isNull();
    assertThat(service.list(caller("inv-bob", "investor"), "inv-alice", null, 10).block())
        .isInstanceOf(ListOutcome.Rejected.class);
    assertThat(
            ((ListOutcome.Page)
                    service.list(caller("op", "operator"), "inv-alice", null, 10).block())
                .keys())
        .hasSize(3);
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
