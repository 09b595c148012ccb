package io.equitoken.gateway.web;

import java.util.Optional;

/**
 * A streamed upload crossed its route's cap ({@link UploadLimitWebFilter}): the client's fault, so
 * the route's circuit breaker ignores it and the fallback answers {@code 413}, never {@code 503}.
 */
public class UploadTooLargeException extends RuntimeException {

  private final long limitBytes;

  public UploadTooLargeException(long limitBytes) {
    super("Upload exceeds " + limitBytes + " bytes", null, false, false);
    this.limitBytes = limitBytes;
  }

  public long limitBytes() {
    return limitBytes;
  }

  /**
   * This exception anywhere in the cause chain (Reactor Netty may wrap what the body signalled).
   */
  public static Optional<UploadTooLargeException> in(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof UploadTooLargeException tooLarge) {
        return Optional.of(tooLarge);
      }
    }
    return Optional.empty();
  }
}
