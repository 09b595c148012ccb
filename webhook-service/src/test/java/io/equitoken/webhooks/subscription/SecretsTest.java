package io.equitoken.webhooks.subscription;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SecretsTest {

  @Test
  void shouldTellAUsableSecretFromOneNoSignatureCanBeMadeWith() {
    assertThat(Secrets.isUsable(Secrets.generate())).isTrue();
    assertThat(Secrets.isUsable("whsec_cHJvZmlsZQ==")).isTrue();

    assertThat(Secrets.isUsable("whsec_not base64!")).isFalse();
    assertThat(Secrets.isUsable("whsec_plain")).isFalse();
    assertThat(Secrets.isUsable("whsec_")).isFalse();
    assertThat(Secrets.isUsable("cHJvZmlsZQ==")).isFalse();
    assertThat(Secrets.isUsable(null)).isFalse();
  }

  @Test
  void shouldRefuseTheKeyOfAnUnusableSecretWithoutEchoingIt() {
    assertThatThrownBy(() -> Secrets.key("whsec_plain"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageNotContaining("plain");
  }

  @Test
  void shouldSignUnderAnUnexpiredPreviousSecretOnlyWhileItIsUsable() {
    Instant now = Instant.parse("2026-01-01T00:00:00Z");
    String current = Secrets.generate();
    String previous = Secrets.generate();

    assertThat(rotated(current, previous, now.plusSeconds(60)).signingSecrets(now))
        .containsExactly(current, previous);
    assertThat(rotated(current, "whsec_plain", now.plusSeconds(60)).signingSecrets(now))
        .containsExactly(current);
    assertThat(rotated(current, previous, now).signingSecrets(now)).containsExactly(current);
  }

  private static Subscription rotated(String secret, String previous, Instant previousExpires) {
    Instant created = Instant.parse("2025-12-01T00:00:00Z");
    return new Subscription(
        UUID.randomUUID(),
        "owner",
        false,
        null,
        "https://example.com/hooks",
        List.of("trade.executed"),
        null,
        Subscription.Status.ENABLED,
        null,
        null,
        null,
        null,
        secret,
        previous,
        previousExpires,
        null,
        created,
        created);
  }
}
