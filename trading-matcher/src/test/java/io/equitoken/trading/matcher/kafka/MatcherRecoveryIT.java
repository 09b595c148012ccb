package io.equitoken.trading.matcher.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.trading.matcher.core.EngineFactory;
import io.equitoken.trading.matcher.core.MatcherCommand;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionState;
import org.junit.jupiter.api.Test;

/**
 * Crashes mid-transaction (no commit, no abort, clients dropped) twice, then restarts: the events
 * are still exactly the offline translation, once each, and the state equals a clean replay. And a
 * crash taken over by another instance, which ends the dead one's open transaction at once.
 */
class MatcherRecoveryIT {

  /** How long a dead instance's open transaction would hold its readers back without a fence. */
  private static final Duration OPEN_FOR = Duration.ofSeconds(60);

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

    // when instance m1 crashes mid-transaction, its transaction left open for the broker to abort
    // only after a minute, and m2 (another transactional id) takes over
    MatcherConfig dying = takingOver(fixture.config("m1")).transactionTimeout(OPEN_FOR).build();
    Matcher crashing = new Matcher(dying, EngineFactory.FAST, new CrashAfter(100));
    crashing.start();
    awaitStopped(crashing);
    crashing.close();
    try (Admin admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, fixture.bootstrap))) {
      assertThat(transaction(admin, dying.transactionalId()).state())
          .as("m1's transaction, left open")
          .isEqualTo(TransactionState.ONGOING);
      long taking = System.nanoTime();
      MatcherConfig config = takingOver(fixture.config("m2")).build();
      try (Matcher matcher = new Matcher(config).start()) {
        // then m2 ends m1's open transaction as it takes the partitions, long before its timeout
        awaitEnded(admin, dying.transactionalId(), Duration.ofSeconds(30));
        assertThat(Duration.ofNanos(System.nanoTime() - taking)).isLessThan(OPEN_FOR);
        CommandRecords.awaitCaughtUp(config, Duration.ofSeconds(90));

        // and the same guarantees hold
        fixture.checkExactlyOnce(
            commands, fixture.events(commands), matcher.stateHashes(Duration.ofSeconds(10)));
      }
    }
  }

  /** The platform's consumer group settings: a member that is gone loses its partitions in 6 s. */
  private static MatcherConfig.Builder takingOver(MatcherConfig config) {
    return config.toBuilder()
        .extraConsumer(Map.of("session.timeout.ms", 6000, "heartbeat.interval.ms", 2000));
  }

  private static void awaitEnded(Admin admin, String transactionalId, Duration bound)
      throws Exception {
    long deadline = System.nanoTime() + bound.toNanos();
    while (transaction(admin, transactionalId).state() == TransactionState.ONGOING
        && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertThat(transaction(admin, transactionalId).state())
        .as("the dead instance's transaction")
        .isNotEqualTo(TransactionState.ONGOING);
  }

  private static TransactionDescription transaction(Admin admin, String transactionalId)
      throws Exception {
    return admin
        .describeTransactions(List.of(transactionalId))
        .description(transactionalId)
        .get(10, TimeUnit.SECONDS);
  }

  static void awaitStopped(Matcher matcher) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (matcher.failure() == null && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(matcher.failure()).as("the matcher crashed").isNotNull();
  }
}
