package io.equitoken.trading.matcher.kafka;

/**
 * A crash for recovery tests: once the matcher has handled {@code commands} commands in total
 * (committed or not), it stops in the middle of the open transaction as a killed process would.
 */
final class CrashAfter implements Faults {

  private final long commands;

  CrashAfter(long commands) {
    this.commands = commands;
  }

  @Override
  public void afterCommand(long handled) {
    if (handled >= commands) {
      throw new SimulatedCrash();
    }
  }

  /** What the matcher's {@code failure()} answers after the crash. */
  static final class SimulatedCrash extends Error {
    SimulatedCrash() {
      super("simulated crash", null, false, false);
    }
  }
}
