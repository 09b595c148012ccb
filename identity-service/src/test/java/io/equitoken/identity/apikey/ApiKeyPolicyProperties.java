package io.equitoken.identity.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.core.Roles;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The invariant behind self-service keys: nobody but an operator can escalate through a key. */
class ApiKeyPolicyProperties {

  @Property
  void shouldNeverLetANonOperatorGrantARoleTheyLackOrActForAnotherPrincipal(
      @ForAll("nonOperatorRoles") Set<String> callerRoles,
      @ForAll("roles") Set<String> requestedRoles,
      @ForAll("principals") String caller,
      @ForAll("principals") String target) {
    // given
    Requester requester = new Requester(caller, callerRoles);
    NewApiKey command = new NewApiKey("k", target, requestedRoles);
    // when
    boolean allowed = ApiKeyPolicy.checkCreate(requester, command).isEmpty();
    // then
    assertThat(allowed)
        .isEqualTo(
            caller.equals(target)
                && callerRoles.containsAll(requestedRoles)
                && officerRuleHolds(callerRoles, requestedRoles));
  }

  @Property
  void shouldLetAnOperatorCreateAnyKeyExceptAnOfficersOne(
      @ForAll("roles") Set<String> requestedRoles, @ForAll("principals") String target) {
    Requester operator = new Requester("op", Set.of(Roles.OPERATOR));
    assertThat(
            ApiKeyPolicy.checkCreate(operator, new NewApiKey("k", target, requestedRoles))
                .isEmpty())
        .isEqualTo(!requestedRoles.contains(Roles.COMPLIANCE_OFFICER));
  }

  /** Separation of duties: the officer role comes alone, and only from an officer. */
  private static boolean officerRuleHolds(Set<String> callerRoles, Set<String> requested) {
    return !requested.contains(Roles.COMPLIANCE_OFFICER)
        || (requested.size() == 1 && callerRoles.contains(Roles.COMPLIANCE_OFFICER));
  }

  @Property
  void shouldFingerprintTheSameRequestTheSameWay(
      @ForAll("roles") Set<String> roles, @ForAll("principals") String target) {
    assertThat(new NewApiKey("k", target, roles).fingerprint())
        .isEqualTo(new NewApiKey("k", target, Set.copyOf(roles)).fingerprint());
  }

  @Provide
  Arbitrary<Set<String>> roles() {
    return Arbitraries.of(Roles.ALL).set().ofMinSize(1);
  }

  @Provide
  Arbitrary<Set<String>> nonOperatorRoles() {
    return Arbitraries.of(Roles.INVESTOR, Roles.FOUNDER, Roles.PARTNER, Roles.COMPLIANCE_OFFICER)
        .set();
  }

  @Provide
  Arbitrary<String> principals() {
    return Arbitraries.of("inv-alice", "inv-bob", "founder-nova", "partner-pax");
  }
}
