package io.equitoken.local;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Another launcher holds the run lock of this base dir. */
public class AlreadyRunningException extends LaunchException {

  public AlreadyRunningException(Path baseDir, Optional<Long> pid) {
    super(
        "the platform is already running on "
            + baseDir
            + pid.map(p -> " (launcher pid " + p + ")").orElse("")
            + "; stop it with Ctrl-C in its terminal"
            + pid.map(p -> " or kill " + p).orElse(""),
        null,
        List.of());
  }
}
