package io.equitoken.trading.matcher.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.trading.matcher.core.EngineFactory;
import io.equitoken.trading.matcher.core.MatcherCommand;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Crashes mid-transaction (no commit, no abort, clients dropped) twice, then restarts: the events
 * are still exactly the offline translation, once each, and the state equals a clean replay.
 */
class MatcherRecoveryIT {

  private final MatcherFixture fixture = new MatcherFixture();

  @Test
  void shouldPublishEveryEventExactlyOnceAcrossCrashesMidTransaction() throws Exception {
    // given a pre-filled command topic: four tokens, random sessions with duplicates
    List<String> tokens =
        List.of(
            "70c00000-0000-4000-8000-0000000000b1",
            "70c00000-0000-4000-8000-0000000000b2",
            "70c00000-0000-4000-8000-0000000000b3",
            "70c00000-0000-4000-8000-0000000000b4");
    List<MatcherCommand> commands = Sessions.random(42, tokens, 150);
    fixture.send(commands);
    MatcherConfig config = fixture.config("m1");

    // when the matcher crashes mid-transaction twice, after 130 and then 170 more commands
    for (int crashAfter : new int[] {130, 170}) {
      Matcher crashing = new Matcher(config, EngineFactory.FAST, new CrashAfter(crashAfter));
      crashing.start();
      awaitStopped(crashing);
      assertThat(crashing.failure()).hasMessage("simulated crash");
      crashing.close();
    }
    // and a third run (same instance id: it fences the open transaction at once) finishes the work
    try (Matcher matcher = new Matcher(config).start()) {
      CommandRecords.awaitCaughtUp(config, Duration.ofSeconds(90));

      // then every event exactly once, and the state equals a clean replay
      fixture.checkExactlyOnce(
          commands, fixture.events(commands), matcher.stateHashes(Duration.ofSeconds(10)));
    }
  }

  @Test
  void shouldRecoverWhenAnotherInstanceTakesOverAfterACrash() throws Exception {
    // given a pre-filled command topic
    List<String> tokens =
        List.of("70c00000-0000-4000-8000-0000000000c1", "70c00000-0000-4000-8000-0000000000c2");
    List<MatcherCommand> commands = Sessions.random(7, tokens, 120);
    fixture.send(commands);

    // when instance m1 crashes mid-transaction and m2 (another transactional id) takes over
    Matcher crashing = new Matcher(fixture.config("m1"), EngineFactory.FAST, new CrashAfter(100));
    crashing.start();
    awaitStopped(crashing);
    crashing.close();
    MatcherConfig config = fixture.config("m2");
    try (Matcher matcher = new Matcher(config).start()) {
      CommandRecords.awaitCaughtUp(config, Duration.ofSeconds(90));

      // then the same guarantees hold (m1's open transaction is aborted by its timeout)
      fixture.checkExactlyOnce(
          commands, fixture.events(commands), matcher.stateHashes(Duration.ofSeconds(10)));
    }
  }

  static void awaitStopped(Matcher matcher) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (matcher.failure() == null && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(matcher.failure()).as("the matcher crashed").isNotNull();
  }
}
