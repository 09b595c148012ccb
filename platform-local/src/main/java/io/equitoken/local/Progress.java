package io.equitoken.local;

import java.io.PrintStream;
import java.util.Locale;

/** One line per step with its duration. */
final class Progress {

  private final PrintStream out;

  Progress(PrintStream out) {
    this.out = out;
  }

  /** A started step; call {@link Step#done} or {@link Step#failed}. */
  Step step(String what) {
    return step(what, System.nanoTime());
  }

  /** A step that began earlier (at {@code startedNanos}, from {@link System#nanoTime()}). */
  Step step(String what, long startedNanos) {
    out.print("  ▸ " + what + " … ");
    out.flush();
    return new Step(startedNanos);
  }

  void info(String line) {
    out.println(line);
  }

  final class Step {
    private final long started;

    private Step(long started) {
      this.started = started;
    }

    void done(String result) {
      out.println(result + " (" + seconds() + ")");
    }

    void failed(String why) {
      out.println("FAILED after " + seconds() + ": " + why);
    }

    private String seconds() {
      return String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - started) / 1e9);
    }
  }
}
