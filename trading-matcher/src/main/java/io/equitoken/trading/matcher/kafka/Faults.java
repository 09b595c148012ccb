package io.equitoken.trading.matcher.kafka;

/**
 * Points of the {@link Matcher}'s loop where a test injects faults; production runs with {@link
 * #NONE}. A hook that throws stops the matcher right there, as if its process were killed: the
 * records sent in the open transaction are flushed to the broker, then the clients are dropped
 * without commit, abort or wait, and {@link Matcher#failure()} answers what the hook threw. The
 * open transaction stays open until a new producer with the same transactional id fences it, or it
 * times out.
 */
@FunctionalInterface
public interface Faults {

  Faults NONE = handled -> {};

  /**
   * Called on the matcher's thread after each command, inside the open transaction.
   *
   * @param handled the commands this instance has handled so far, committed or not
   */
  void afterCommand(long handled);
}
