package io.equitoken.trading.matcher.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.UUID;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * An event's id is the same for the same command, time and index (a replay repeats it), differs for
 * any other index, and sorts by the command's time.
 */
class MatcherEventIdProperties {

  /** 2020-01-01 and 2100-01-01 in milliseconds since the epoch. */
  private static final long FROM = 1_577_836_800_000L;

  private static final long TO = 4_102_444_800_000L;

  @Property(tries = 2000)
  void anEventIdIsTheSameInEveryReplayAndNoOtherEventsId(
      @ForAll String commandId,
      @ForAll @LongRange(min = FROM, max = TO) long millis,
      @ForAll @IntRange(min = 0, max = 10_000) int index) {
    Instant at = Instant.ofEpochMilli(millis);

    String id = MatcherEvent.idOf(commandId, at, index);

    assertThat(MatcherEvent.idOf(commandId, Instant.ofEpochMilli(millis), index)).isEqualTo(id);
    assertThat(MatcherEvent.idOf(commandId, at, index + 1)).isNotEqualTo(id);
    assertThat(UUID.fromString(id).version()).isEqualTo(8);
  }

  @Property(tries = 2000)
  void anEventOfALaterCommandSortsAfter(
      @ForAll String first,
      @ForAll String second,
      @ForAll @LongRange(min = FROM, max = TO) long millis,
      @ForAll @LongRange(min = 1, max = 86_400_000) long later,
      @ForAll @IntRange(min = 0, max = 100) int firstIndex,
      @ForAll @IntRange(min = 0, max = 100) int secondIndex) {
    String earlier = MatcherEvent.idOf(first, Instant.ofEpochMilli(millis), firstIndex);
    String next = MatcherEvent.idOf(second, Instant.ofEpochMilli(millis + later), secondIndex);

    assertThat(next).isGreaterThan(earlier);
    assertThat(UUID.fromString(next)).isGreaterThan(UUID.fromString(earlier));
  }
}
