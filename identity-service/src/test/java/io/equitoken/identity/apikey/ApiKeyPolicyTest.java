package io.equitoken.identity.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.core.Roles;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ApiKeyPolicyTest {

  private static final Requester OPERATOR = new Requester("op-1", Set.of("operator"));
  private static final Requester ALICE = new Requester("inv-alice", Set.of("investor"));
  private static final Requester FOUNDER_PARTNER =
      new Requester("fp-1", Set.of("founder", "partner"));

  @Test
  void shouldAllowOperatorToCreateKeysForAnyPrincipalAndRoles() {
    // given
    NewApiKey command = new NewApiKey("k", "someone-else", Set.copyOf(Roles.ALL));
    // when / then
    assertThat(ApiKeyPolicy.checkCreate(OPERATOR, command)).isEmpty();
  }

  @Test
  void shouldAllowInvestorToCreateKeyForThemselvesWithTheirOwnRole() {
    assertThat(ApiKeyPolicy.checkCreate(ALICE, new NewApiKey("k", "inv-alice", Set.of("investor"))))
        .isEmpty();
  }

  @Test
  void shouldAllowSubsetOfCallersRoles() {
    assertThat(
            ApiKeyPolicy.checkCreate(
                FOUNDER_PARTNER, new NewApiKey("k", "fp-1", Set.of("partner"))))
        .isEmpty();
  }

  @Test
  void shouldRejectKeyForAnotherPrincipalWhenCallerIsNotOperator() {
    // when
    var rejection =
        ApiKeyPolicy.checkCreate(ALICE, new NewApiKey("k", "inv-bob", Set.of("investor")));
    // then
    assertThat(rejection).isPresent();
    assertThat(rejection.get().code()).isEqualTo("api-key-for-other-principal");
    assertThat(rejection.get().reason()).contains("inv-alice").contains("inv-bob");
  }

  @Test
  void shouldRejectRolesTheCallerDoesNotHold() {
    var rejection =
        ApiKeyPolicy.checkCreate(
            ALICE, new NewApiKey("k", "inv-alice", Set.of("investor", "operator")));
    assertThat(rejection).isPresent();
    assertThat(rejection.get().code()).isEqualTo("roles-exceed-caller");
    assertThat(rejection.get().reason()).contains("[operator]");
  }

  @Test
  void shouldLetOwnersAndOperatorsRevokeButNobodyElse() {
    // given
    ApiKey alicesKey =
        new ApiKey(
            "etk_1",
            "k",
            "inv-alice",
            Set.of("investor"),
            new SecretHash(new byte[32]),
            Instant.EPOCH,
            "inv-alice",
            null);
    // then
    assertThat(ApiKeyPolicy.mayRevoke(ALICE, alicesKey)).isTrue();
    assertThat(ApiKeyPolicy.mayRevoke(OPERATOR, alicesKey)).isTrue();
    assertThat(ApiKeyPolicy.mayRevoke(new Requester("inv-bob", Set.of("investor")), alicesKey))
        .isFalse();
    assertThat(ApiKeyPolicy.mayRevoke(FOUNDER_PARTNER, alicesKey)).isFalse();
  }
}
