package io.equitoken.identity.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.core.Refusal;
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
  void shouldAllowOperatorToCreateKeysForAnyPrincipalAndRolesButTheOfficers() {
    // given: every role but compliance_officer, which only an officer hands out
    Set<String> roles = new java.util.HashSet<>(Roles.ALL);
    roles.remove(Roles.COMPLIANCE_OFFICER);
    NewApiKey command = new NewApiKey("k", "someone-else", roles);
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
    assertThat(rejection.get().detail()).contains("inv-alice").contains("inv-bob");
  }

  @Test
  void shouldRejectRolesTheCallerDoesNotHold() {
    var rejection =
        ApiKeyPolicy.checkCreate(
            ALICE, new NewApiKey("k", "inv-alice", Set.of("investor", "operator")));
    assertThat(rejection).isPresent();
    assertThat(rejection.get().code()).isEqualTo("roles-exceed-caller");
    assertThat(rejection.get().detail()).contains("[operator]");
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

  @Test
  void shouldKeepTheOfficerRoleAwayFromOperatorsAndAlone() {
    // an operator granted itself compliance_officer and read KYC documents
    assertThat(
            ApiKeyPolicy.checkCreate(
                OPERATOR, new NewApiKey("x", "op-1", Set.of("compliance_officer"))))
        .map(Refusal::code)
        .contains("compliance-officer-role-needs-officer");
    var officer = new Requester("officer-1", Set.of("compliance_officer"));
    assertThat(
            ApiKeyPolicy.checkCreate(
                officer, new NewApiKey("x", "officer-1", Set.of("compliance_officer"))))
        .isEmpty();
    assertThat(
            ApiKeyPolicy.checkCreate(
                OPERATOR, new NewApiKey("x", "someone", Set.of("compliance_officer", "investor"))))
        .map(Refusal::code)
        .contains("compliance-officer-role-alone");
  }
}
