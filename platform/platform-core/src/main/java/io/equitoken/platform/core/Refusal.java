package io.equitoken.platform.core;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Why a service refuses a request or command: a {@link Kind} (which tells an adapter how to answer,
 * e.g. the HTTP status), a stable machine-readable {@code code} (kebab-case; it also forms the
 * problem {@code type} {@code https://equitoken.io/problems/<code>}), a human {@code detail}, the
 * offending input {@code field} when there is one, and optional extension members.
 *
 * <p>Domain code returns or throws refusals (see {@link RefusedException}); platform-web renders
 * them as RFC 9457 problem+json. No framework types here, so the domain may use it freely.
 */
public record Refusal(
    Kind kind, String code, String detail, String field, Map<String, Object> extensions) {

  /** The kinds of refusal, each with the HTTP status and title a web adapter answers with. */
  public enum Kind {
    BAD_REQUEST(400, "Bad request"),
    UNAUTHORIZED(401, "Unauthorized"),
    FORBIDDEN(403, "Forbidden"),
    NOT_FOUND(404, "Not found"),
    CONFLICT(409, "Conflict"),
    GONE(410, "Gone"),
    PRECONDITION_FAILED(412, "Precondition failed"),
    PAYLOAD_TOO_LARGE(413, "Content too large"),
    UNSUPPORTED_MEDIA_TYPE(415, "Unsupported media type"),
    UNPROCESSABLE(422, "Unprocessable content"),
    TOO_MANY_REQUESTS(429, "Too many requests"),
    UNAVAILABLE(503, "Service unavailable");

    private final int status;
    private final String title;

    Kind(int status, String title) {
      this.status = status;
      this.title = title;
    }

    /** The HTTP status code. */
    public int status() {
      return status;
    }

    /** The problem {@code title}. */
    public String title() {
      return title;
    }
  }

  public Refusal {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(detail, "detail");
    extensions = extensions == null ? Map.of() : Map.copyOf(extensions);
  }

  public static Refusal of(Kind kind, String code, String detail) {
    return new Refusal(kind, code, detail, null, Map.of());
  }

  public static Refusal badRequest(String code, String detail) {
    return of(Kind.BAD_REQUEST, code, detail);
  }

  /**
   * A request member that breaks its rule (wrong format, not one of its values, missing): {@code
   * 400 validation-failed} naming it in {@code field} and {@code errors}, exactly like the
   * platform's bean-validation and JSON-type refusals. {@code message} completes the member's name:
   * {@code invalidMember("status", "must be enabled or disabled")}.
   */
  public static Refusal invalidMember(String field, String message) {
    return badRequest("validation-failed", field + " " + message + ".")
        .withField(field)
        .with("errors", List.of(Map.of("field", field, "message", message)));
  }

  public static Refusal forbidden(String code, String detail) {
    return of(Kind.FORBIDDEN, code, detail);
  }

  public static Refusal notFound(String code, String detail) {
    return of(Kind.NOT_FOUND, code, detail);
  }

  public static Refusal conflict(String code, String detail) {
    return of(Kind.CONFLICT, code, detail);
  }

  public static Refusal unprocessable(String code, String detail) {
    return of(Kind.UNPROCESSABLE, code, detail);
  }

  /**
   * The same refusal naming the offending input (a JSON member path, query parameter or header).
   */
  public Refusal withField(String field) {
    return new Refusal(kind, code, detail, field, extensions);
  }

  /** The same refusal with one more extension member in the problem document. */
  public Refusal with(String name, Object value) {
    Map<String, Object> copy = new LinkedHashMap<>(extensions);
    copy.put(name, value);
    return new Refusal(kind, code, detail, field, copy);
  }

  /** The HTTP status of this refusal's kind. */
  public int status() {
    return kind.status();
  }

  /** This refusal as an exception, for code that signals refusals by throwing. */
  public RefusedException exception() {
    return new RefusedException(this);
  }
}
