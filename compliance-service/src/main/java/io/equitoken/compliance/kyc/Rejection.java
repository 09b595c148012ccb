package io.equitoken.compliance.kyc;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Why the domain refused a command, in words a client can act on. {@code kind} says what sort of
 * refusal it is; adapters translate it (the web adapter to an HTTP status), the domain never speaks
 * HTTP.
 */
public record Rejection(Kind kind, String code, String detail, Map<String, Object> extras) {

  /** The sorts of refusal the domain can give. */
  public enum Kind {
    INVALID,
    UNPROCESSABLE,
    UNSUPPORTED_CONTENT,
    TOO_LARGE,
    CONFLICT,
    FORBIDDEN,
    NOT_FOUND
  }

  public Rejection {
    extras = Map.copyOf(extras);
  }

  public static Rejection of(Kind kind, String code, String detail) {
    return new Rejection(kind, code, detail, Map.of());
  }

  public Rejection with(String name, Object value) {
    Map<String, Object> copy = new LinkedHashMap<>(extras);
    copy.put(name, value);
    return new Rejection(kind, code, detail, copy);
  }

  public KycRejectedException exception() {
    return new KycRejectedException(this);
  }
}
