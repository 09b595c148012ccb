package io.equitoken.trading.service.kernel;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * Deterministic command ids: the same command (e.g. "open window W for token T") always has the
 * same {@code commandId}, so the matcher's dedupe also catches a command sent twice by mistake.
 */
public final class CommandIds {

  private CommandIds() {}

  public static String of(String... parts) {
    return UUID.nameUUIDFromBytes(String.join("|", parts).getBytes(StandardCharsets.UTF_8))
        .toString();
  }
}
