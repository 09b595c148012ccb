package io.equitoken.platform.events;

/**
 * A record that can never be processed (not a CloudEvent, unknown version, unreadable data).
 * Listeners throw it to send the record straight to the dead-letter topic without retries.
 */
public class PoisonEventException extends RuntimeException {
  public PoisonEventException(String message) {
    super(message);
  }

  public PoisonEventException(String message, Throwable cause) {
    super(message, cause);
  }
}
