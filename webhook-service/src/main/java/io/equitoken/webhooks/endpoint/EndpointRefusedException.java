package io.equitoken.webhooks.endpoint;

/** A delivery the SSRF guard stopped before any connection was made. */
public final class EndpointRefusedException extends RuntimeException {

  public EndpointRefusedException(String reason) {
    super(reason, null, false, false);
  }
}
