package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RestartPolicyTest {

  private final RestartPolicy policy =
      new RestartPolicy(5, Duration.ofSeconds(1), Duration.ofSeconds(10), Duration.ofMinutes(2));

  @Test
  void shouldBackOffDoublingUpToTheMaximum() {
    assertThat(policy.delayBefore(0)).contains(Duration.ofSeconds(1));
    assertThat(policy.delayBefore(1)).contains(Duration.ofSeconds(2));
    assertThat(policy.delayBefore(2)).contains(Duration.ofSeconds(4));
    assertThat(policy.delayBefore(3)).contains(Duration.ofSeconds(8));
    assertThat(policy.delayBefore(4)).contains(Duration.ofSeconds(10));
  }

  @Test
  void shouldGiveUpAfterTheLastRestartInARow() {
    assertThat(policy.delayBefore(5)).isEmpty();
    assertThat(policy.delayBefore(6)).isEmpty();
    assertThat(new RestartPolicy(0, Duration.ZERO, Duration.ZERO, Duration.ZERO).delayBefore(0))
        .isEmpty();
  }

  @Test
  void shouldStartANewSeriesOnlyAfterAProcessRanStably() {
    assertThat(policy.inARowAfter(4, Duration.ofSeconds(119))).isEqualTo(4);
    assertThat(policy.inARowAfter(4, Duration.ofMinutes(2))).isZero();
  }
}
