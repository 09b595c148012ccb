package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstallationTest {

  @TempDir Path baseDir;

  private final List<String> reported = Collections.synchronizedList(new ArrayList<>());

  @Test
  void shouldHoldItsBaseDirAgainstASecondLauncherUntilClosed() {
    try (Installation first = Installation.claim(baseDir, reported::add)) {
      assertThatThrownBy(() -> Installation.claim(baseDir, reported::add))
          .isInstanceOf(AlreadyRunningException.class)
          .hasMessageContaining("already running");
      assertThat(first.marker()).isEqualTo("-Dequitoken.local.home=" + baseDir);
    }

    Installation.claim(baseDir, reported::add).close();
  }

  @Test
  void shouldRecordEveryChildStartedAndRefuseNewOnesOnceClosing() throws Exception {
    ChildProcess before = sleeper("before");
    ChildProcess after = sleeper("after");
    try (Installation installation = Installation.claim(baseDir, reported::add)) {
      // a child started while running is recorded for the next run to find
      installation.register(before);
      assertThat(Files.readString(baseDir.resolve("run/children")))
          .contains(before.pid() + " before");

      // one started while stopping is stopped at once, and the start fails
      installation.beginClosing();
      assertThat(installation.closing()).isTrue();
      assertThatThrownBy(() -> installation.register(after))
          .isInstanceOf(LaunchException.class)
          .hasMessage("stopping");
      assertThat(after.isAlive()).isFalse();
      assertThat(Files.readString(baseDir.resolve("run/children")))
          .doesNotContain(after.pid() + " after");
    } finally {
      before.requestStop();
      before.awaitStop(5_000);
      after.awaitStop(1_000);
    }
  }

  @Test
  void shouldStopEveryProcessCarryingItsMarkerButTheOneToKeep() throws Exception {
    try (Installation installation = Installation.claim(baseDir, reported::add)) {
      Process stray = marked(installation.marker());
      Process kept = marked(installation.marker());
      Process foreign = marked(Installation.marker(baseDir.resolve("elsewhere")));
      try {
        installation.stopStrays(kept.pid());

        assertThat(stray.waitFor(10, TimeUnit.SECONDS)).as("the stray ended").isTrue();
        assertThat(kept.isAlive()).as("the process to keep").isTrue();
        assertThat(foreign.isAlive()).as("another installation's process").isTrue();
        assertThat(reported)
            .singleElement()
            .asString()
            .contains("(pid " + stray.pid() + ") of this installation, not started by this");
      } finally {
        for (Process p : List.of(stray, kept, foreign)) {
          p.destroyForcibly();
          p.waitFor(10, TimeUnit.SECONDS);
        }
      }
    }
  }

  private ChildProcess sleeper(String name) {
    return ChildProcess.start(
        name, List.of("sleep", "60"), Map.of(), baseDir, baseDir.resolve(name + ".log"));
  }

  /** A process with the marker on its command line, as a child of the launcher has it. */
  private static Process marked(String marker) throws Exception {
    return new ProcessBuilder(
            "sh", "-c", "trap 'exit 0' TERM; while :; do sleep 1; done", marker, "x")
        .start();
  }
}
