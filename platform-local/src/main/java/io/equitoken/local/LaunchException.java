package io.equitoken.local;

import java.nio.file.Path;
import java.util.List;

/** Starting the platform failed; carries the log to look at and its last lines. */
public class LaunchException extends RuntimeException {

  private final transient Path log;
  private final List<String> logTail;

  public LaunchException(String message, Path log, List<String> logTail) {
    super(message);
    this.log = log;
    this.logTail = List.copyOf(logTail);
  }

  public Path log() {
    return log;
  }

  public List<String> logTail() {
    return logTail;
  }
}
