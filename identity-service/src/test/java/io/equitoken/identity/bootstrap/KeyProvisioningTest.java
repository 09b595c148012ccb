package io.equitoken.identity.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.identity.apikey.ApiKey;
import io.equitoken.identity.apikey.ApiKeyCreated;
import io.equitoken.identity.apikey.SecretHasher;
import io.equitoken.identity.bootstrap.KeyProvisioning.Result;
import io.equitoken.identity.support.DirectTransactions;
import io.equitoken.identity.support.InMemoryApiKeyRepository;
import io.equitoken.identity.support.RecordingApiKeyEvents;
import io.equitoken.identity.support.TestSecrets;
import io.equitoken.platform.test.MutableClock;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeyProvisioningTest {

  private final InMemoryApiKeyRepository repository = new InMemoryApiKeyRepository();
  private final RecordingApiKeyEvents events = new RecordingApiKeyEvents();
  private final SecretHasher hasher = TestSecrets.hasher();
  private final KeyProvisioning provisioning =
      new KeyProvisioning(
          repository,
          events,
          new DirectTransactions(),
          hasher,
          MutableClock.fixedAt(Instant.parse("2026-01-01T00:00:00Z")));

  @Test
  void shouldCreateTheBootstrapOperatorOnceAndThenLeaveItAlone() {
    var wanted = DemoKeys.bootstrapOperator("demo-operator", "demo-operator-secret-change-me");
    assertThat(provisioning.ensure(wanted).block()).isEqualTo(Result.CREATED);
    assertThat(provisioning.ensure(wanted).block()).isEqualTo(Result.UNCHANGED);
    ApiKey key = repository.keys.get("demo-operator");
    assertThat(key.principalId()).isEqualTo("operator");
    assertThat(key.roles()).containsExactly("operator");
    assertThat(hasher.matches("demo-operator-secret-change-me", key.secretHash())).isTrue();
    assertThat(events.published).hasSize(1).first().isInstanceOf(ApiKeyCreated.class);
  }

  @Test
  void shouldReplaceTheSecretWhenConfigurationChangesIt() {
    provisioning.ensure(DemoKeys.bootstrapOperator("boot", "first-secret-0123456789")).block();
    assertThat(
            provisioning
                .ensure(DemoKeys.bootstrapOperator("boot", "second-secret-0123456789"))
                .block())
        .isEqualTo(Result.UPDATED);
    ApiKey key = repository.keys.get("boot");
    assertThat(hasher.matches("second-secret-0123456789", key.secretHash())).isTrue();
    assertThat(hasher.matches("first-secret-0123456789", key.secretHash())).isFalse();
    assertThat(events.published).hasSize(1);
  }

  @Test
  void shouldKeepARevokedBootstrapKeyRevoked() {
    provisioning.ensure(DemoKeys.bootstrapOperator("boot", "first-secret-0123456789")).block();
    repository.markRevoked("boot", Instant.now(), "op").block();
    provisioning.ensure(DemoKeys.bootstrapOperator("boot", "other-secret-0123456789")).block();
    assertThat(repository.keys.get("boot").isRevoked()).isTrue();
  }

  @Test
  void shouldProvideTheDocumentedDemoKeys() {
    assertThat(DemoKeys.all())
        .extracting(k -> k.apiKey() + " " + k.principalId() + " " + k.roles() + " " + k.secret())
        .containsExactly(
            "demo-investor inv-alice [investor] demo-investor-secret",
            "demo-investor-2 inv-bob [investor] demo-investor-2-secret",
            "demo-founder founder-nova [founder] demo-founder-secret",
            "demo-officer officer-olga [compliance_officer] demo-officer-secret",
            "demo-partner partner-pax [partner] demo-partner-secret");
    DemoKeys.all().forEach(k -> assertThat(k.toString()).doesNotContain(k.secret()));
    for (var key : DemoKeys.all()) {
      assertThat(provisioning.ensure(key).block()).isEqualTo(Result.CREATED);
    }
    assertThat(repository.keys.keySet())
        .isEqualTo(
            Set.of(
                "demo-investor",
                "demo-investor-2",
                "demo-founder",
                "demo-officer",
                "demo-partner"));
  }
}
