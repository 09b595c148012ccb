package io.equitoken.trading.matcher.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Event ids are the name-based UUIDs they always were, whatever computes the digest. */
class MatcherEventIdProperties {

  @Property(tries = 2000)
  void anEventIdIsTheNameBasedUuidOfCommandAndIndex(
      @ForAll String commandId, @ForAll @IntRange(min = 0, max = 10_000) int index) {
    String expected =
        UUID.nameUUIDFromBytes(
                ("event|" + commandId + "|" + index).getBytes(StandardCharsets.UTF_8))
            .toString();

    assertThat(MatcherEvent.idOf(commandId, index)).isEqualTo(expected);
  }
}
