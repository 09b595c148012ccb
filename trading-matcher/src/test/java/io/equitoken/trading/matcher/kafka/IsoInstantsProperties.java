package io.equitoken.trading.matcher.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The fast path reads what {@link Instant#parse} reads, and refuses what it refuses. */
class IsoInstantsProperties {

  private static final long YEAR_0 = Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();
  private static final long YEAR_9999 = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();

  @Provide
  Arbitrary<String> written() {
    return Combinators.combine(
            Arbitraries.longs().between(YEAR_0, YEAR_9999),
            Arbitraries.integers().between(0, 999_999_999),
            Arbitraries.integers().between(0, 9))
        .as(
            (seconds, nanos, digits) -> {
              String whole = Instant.ofEpochSecond(seconds).toString(); // ...:ssZ
              String base = whole.substring(0, whole.length() - 1);
              String fraction = String.format("%09d", nanos).substring(0, digits);
              return base + (digits == 0 ? "" : "." + fraction) + "Z";
            });
  }

  @Property(tries = 2000)
  void readsTheWrittenFormLikeInstantParse(@ForAll("written") String text) {
    assertThat(IsoInstants.fast(text)).as(text).isNotNull().isEqualTo(Instant.parse(text));
  }

  @Provide
  Arbitrary<String> mangled() {
    return Combinators.combine(
            written(),
            Arbitraries.integers().between(0, 29),
            Arbitraries.of(
                '0', '1', '2', '3', '5', '6', '9', ':', '-', 'T', 'Z', '.', '+', ' ', 'z'))
        .as(
            (text, at, c) -> {
              int i = Math.min(at, text.length() - 1);
              return text.substring(0, i) + c + text.substring(i + 1);
            });
  }

  @Property(tries = 3000)
  void agreesWithInstantParseOnAnyMangledText(@ForAll("mangled") String text) {
    assertSameAsInstantParse(text);
  }

  @Example
  void agreesOnTheEdges() {
    for (String text :
        new String[] {
          "2024-02-29T12:00:00Z",
          "2026-02-29T12:00:00Z",
          "2026-04-31T12:00:00Z",
          "2026-11-27T23:59:60Z",
          "2026-11-27T24:00:00Z",
          "2026-11-27T14:00:00.Z",
          "2026-11-27T14:00:00.1234567890Z",
          "2026-11-27T14:00:00+01:00",
          "2026-11-27T14:00Z",
          "2026-11-27t14:00:00Z",
          "+12026-11-27T14:00:00Z",
          "0000-01-01T00:00:00Z",
          "1969-12-31T23:59:59.999999999Z",
          ""
        }) {
      assertSameAsInstantParse(text);
    }
  }

  private static void assertSameAsInstantParse(String text) {
    Instant expected;
    try {
      expected = Instant.parse(text);
    } catch (DateTimeParseException e) {
      assertThat(IsoInstants.fast(text)).as(text).isNull();
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> IsoInstants.parse(text))
          .isInstanceOf(DateTimeParseException.class);
      return;
    }
    assertThat(IsoInstants.parse(text)).as(text).isEqualTo(expected);
  }
}
