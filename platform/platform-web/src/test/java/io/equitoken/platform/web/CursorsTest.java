package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.web.problem.ProblemException;
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
  void shouldRejectCursorsWhoseDecodedBytesBreakTheTextRule() {
    // AB8A = 00 1F 00: two parts, each a NUL (a 500 from PostgreSQL before)
    assertThatThrownBy(() -> Cursors.decode("AB8A", 2))
        .isInstanceOfSatisfying(
            ProblemException.class, p -> assertThat(p.code()).isEqualTo("invalid-cursor"));
    // invalid UTF-8 (a lone continuation byte)
    assertThatThrownBy(() -> Cursors.decode("gB-A", 2)).isInstanceOf(ProblemException.class);
    assertThatThrownBy(() -> Cursors.decode(Cursors.encode("a\nb", "c"), 2))
        .isInstanceOf(ProblemException.class);
  }

  @Test
  void shouldAcceptOnlyTimestampsPostgresqlCanHold() {
    assertThat(Cursors.instant("2026-01-01T00:00:00.123456Z"))
        .isEqualTo(java.time.Instant.parse("2026-01-01T00:00:00.123456Z"));
    assertThatThrownBy(() -> Cursors.instant("+999999999-12-31T23:59:59Z"))
        .isInstanceOf(ProblemException.class);
    assertThatThrownBy(() -> Cursors.instant("-000001-01-01T00:00:00Z"))
        .isInstanceOf(ProblemException.class);
    assertThatThrownBy(() -> Cursors.instant("yesterday")).isInstanceOf(ProblemException.class);
  }

  @Test
  void shouldBoundThePageSize() {
    assertThat(Cursors.limit(null)).isEqualTo(Cursors.DEFAULT_LIMIT);
    assertThat(Cursors.limit(100)).isEqualTo(100);
    assertThatThrownBy(() -> Cursors.limit(0)).isInstanceOf(ProblemException.class);
    assertThatThrownBy(() -> Cursors.limit(101)).isInstanceOf(ProblemException.class);
  }
}
