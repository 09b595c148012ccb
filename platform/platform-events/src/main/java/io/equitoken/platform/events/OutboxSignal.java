package io.equitoken.platform.events;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Tells the {@link OutboxRelay} that new outbox rows were committed, so that it publishes them at
 * once instead of at its next poll. {@link OutboxWriter} raises it after the writer's transaction
 * commits; the relay waits on it between batches, at most {@code equitoken.events.relay-interval}.
 * Signals raised while the relay is busy coalesce into one more run. {@link OutboxCommitFeed}
 * raises it too, for every commit that added outbox rows on any instance (only the instance holding
 * the relay's advisory lock publishes), and marks it {@link #listening} while it does: then the
 * relay polls only every {@code equitoken.events.relay-safety-interval}, else every {@code
 * relay-interval} (rows of other instances, or written without this signal).
 */
public final class OutboxSignal {

  private final Object monitor = new Object();
  private boolean raised;
  private volatile boolean listening;

  /**
   * Whether every commit on any instance raises this signal (the database feed is live). Going dark
   * wakes the relay so that it returns to its short poll at once.
   */
  public void listening(boolean live) {
    boolean was = listening;
    listening = live;
    if (was && !live) {
      raise();
    }
  }

  public boolean isListening() {
    return listening;
  }

  /** Marks that rows are waiting; wakes a relay blocked in {@link #await}. Never blocks. */
  public void raise() {
    synchronized (monitor) {
      raised = true;
      monitor.notifyAll();
    }
  }

  /**
   * Waits until the signal is raised or {@code timeout} has passed, and lowers it.
   *
   * @return whether it was raised (false on timeout)
   */
  public boolean await(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (monitor) {
      while (!raised) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(monitor, left);
      }
      raised = false;
      return true;
    }
  }
}
