package io.equitoken.webhooks.kernel;

/**
 * A request the service refuses, with a stable code, a human detail and the offending field (or
 * null). The web layer answers it as problem+json: {@code INVALID} → 400, {@code UNPROCESSABLE} →
 * 422, {@code NOT_FOUND} → 404, {@code CONFLICT} → 409.
 */
public final class Refused extends RuntimeException {

  /** What kind of refusal this is; decides the HTTP status. */
  public enum Kind {
    INVALID,
    UNPROCESSABLE,
    NOT_FOUND,
    CONFLICT
  }

  private final Kind kind;
  private final String code;
  private final String field;

  public Refused(Kind kind, String code, String detail, String field) {
    super(detail, null, false, false);
    this.kind = kind;
    this.code = code;
    this.field = field;
  }

  public static Refused invalid(String field, String detail) {
    return new Refused(Kind.INVALID, "invalid-field", detail, field);
  }

  public static Refused unprocessable(String code, String field, String detail) {
    return new Refused(Kind.UNPROCESSABLE, code, detail, field);
  }

  public static Refused notFound(String what) {
    return new Refused(Kind.NOT_FOUND, "not-found", what + " was not found.", null);
  }

  public Kind kind() {
    return kind;
  }

  public String code() {
    return code;
  }

  public String field() {
    return field;
  }
}
