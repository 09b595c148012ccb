package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CursorsTest {

  @Test
  void shouldRoundTripKeyParts() {
    String cursor = Cursors.encode("Acme Robotics", "lst_42");
    assertThat(Cursors.decode(cursor, 2)).containsExactly("Acme Robotics", "lst_42");
  }

  @Test
  void shouldRejectForeignCursorsWithA400Problem() {
    assertThatThrownBy(() -> Cursors.decode("%%%", 2))
        .isInstanceOfSatisfying(
            ProblemException.class, p -> assertThat(p.code()).isEqualTo("invalid-cursor"));
    assertThatThrownBy(() -> Cursors.decode(Cursors.encode("only-one"), 2))
        .isInstanceOf(ProblemException.class);
  }

  @Test
  void shouldBoundThePageSize() {
    assertThat(Cursors.limit(null)).isEqualTo(Cursors.DEFAULT_LIMIT);
    assertThat(Cursors.limit(100)).isEqualTo(100);
    assertThatThrownBy(() -> Cursors.limit(0)).isInstanceOf(ProblemException.class);
    assertThatThrownBy(() -> Cursors.limit(101)).isInstanceOf(ProblemException.class);
  }
}
