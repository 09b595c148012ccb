package io.equitoken.platform.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Ids that sort by their time, fresh or named, and carry RFC 9562's version and variant. */
class TimeOrderedIdsTest {

  private static final long T = Instant.parse("2026-11-28T04:30:00.123Z").toEpochMilli();

  @Test
  void shouldSortIdsOfLaterMillisecondsAfterEarlierOnesAsUuidsAndAsText() {
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      ids.add(i % 2 == 0 ? TimeOrderedIds.next(T + i) : TimeOrderedIds.named(T + i, "n" + i));
    }

    for (int i = 1; i < ids.size(); i++) {
      assertThat(ids.get(i)).isGreaterThan(ids.get(i - 1));
      assertThat(ids.get(i).toString()).isGreaterThan(ids.get(i - 1).toString());
    }
  }

  @Test
  void shouldCarryTheTimeVersionAndVariant() {
    UUID fresh = TimeOrderedIds.next(T);
    UUID named = TimeOrderedIds.named(T, "event|cmd-1|0");

    assertThat(fresh.version()).isEqualTo(7);
    assertThat(named.version()).isEqualTo(8);
    assertThat(fresh.variant()).isEqualTo(2);
    assertThat(named.variant()).isEqualTo(2);
    assertThat(TimeOrderedIds.epochMillis(fresh)).isEqualTo(T);
    assertThat(TimeOrderedIds.epochMillis(named)).isEqualTo(T);
    assertThat(fresh.toString()).startsWith(String.format("%08x-%04x-7", T >>> 16, T & 0xffff));
    assertThat(TimeOrderedIds.epochMillis(TimeOrderedIds.next()))
        .isCloseTo(System.currentTimeMillis(), within(5_000L));
  }

  @Test
  void shouldNameTheSamePairAlikeAndAnyOtherPairApart() {
    assertThat(TimeOrderedIds.named(T, "event|cmd-1|0"))
        .isEqualTo(TimeOrderedIds.named(T, "event|cmd-1|0"));
    assertThat(TimeOrderedIds.named(T, "event|cmd-1|0"))
        .isNotEqualTo(TimeOrderedIds.named(T, "event|cmd-1|1"))
        .isNotEqualTo(TimeOrderedIds.named(T + 1, "event|cmd-1|0"));
  }

  @Test
  void shouldMakeNoFreshIdTwiceInOneMillisecond() {
    HashSet<UUID> seen = new HashSet<>();
    for (int i = 0; i < 100_000; i++) {
      assertThat(seen.add(TimeOrderedIds.next(T))).isTrue();
    }
  }

  @Test
  void shouldRefuseATimeOutsideFortyEightBits() {
    assertThatThrownBy(() -> TimeOrderedIds.next(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TimeOrderedIds.named(1L << 48, "x"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
