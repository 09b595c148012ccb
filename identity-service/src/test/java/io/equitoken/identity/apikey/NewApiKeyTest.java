package io.equitoken.identity.apikey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

class NewApiKeyTest {

  @Test
  void shouldGiveSameFingerprintWhateverTheRoleOrder() {
    var a = new NewApiKey("k", "p", Set.of("investor", "partner"));
    var b = new NewApiKey("k", "p", Set.of("partner", "investor"));
    assertThat(a.fingerprint()).isEqualTo(b.fingerprint());
  }

  @Test
  void shouldGiveDifferentFingerprintsForDifferentRequests() {
    var base = new NewApiKey("k", "p", Set.of("investor"));
    assertThat(base.fingerprint())
        .isNotEqualTo(new NewApiKey("k2", "p", Set.of("investor")).fingerprint())
        .isNotEqualTo(new NewApiKey("k", "p2", Set.of("investor")).fingerprint())
        .isNotEqualTo(new NewApiKey("k", "p", Set.of("partner")).fingerprint());
  }

  @Test
  void shouldRejectInvalidCommandsEvenWithoutTheWebLayer() {
    assertThatThrownBy(() -> new NewApiKey("", "p", Set.of("investor")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new NewApiKey("x".repeat(101), "p", Set.of("investor")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new NewApiKey("k", "has space", Set.of("investor")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new NewApiKey("k", "p".repeat(65), Set.of("investor")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new NewApiKey("k", "p", Set.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new NewApiKey("k", "p", Set.of("admin")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
