package io.equitoken.trading.service.kernel;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The domain's "no, because …": a kind (what HTTP will make of it), a stable code, a detail that
 * says what was expected, and the request field at fault (or null). Stopgap until platform-core's
 * {@code Refusal}/{@code RefusedException} lands on main; the web adapter maps it in one place.
 */
public final class Refused extends RuntimeException {

  /** How the refusal maps to HTTP: 400, 422, 403, 404, 409. */
  public enum Kind {
    INVALID,
    UNPROCESSABLE,
    FORBIDDEN,
    NOT_FOUND,
    CONFLICT
  }

  private final Kind kind;
  private final String code;
  private final String field;
  private final Map<String, Object> properties = new LinkedHashMap<>();

  public Refused(Kind kind, String code, String detail, String field) {
    super(detail, null, false, false);
    this.kind = Objects.requireNonNull(kind);
    this.code = Objects.requireNonNull(code);
    this.field = field;
  }

  public static Refused invalid(String code, String field, String detail) {
    return new Refused(Kind.INVALID, code, detail, field);
  }

  public static Refused unprocessable(String code, String field, String detail) {
    return new Refused(Kind.UNPROCESSABLE, code, detail, field);
  }

  public static Refused forbidden(String code, String detail) {
    return new Refused(Kind.FORBIDDEN, code, detail, null);
  }

  public static Refused notFound(String code, String detail) {
    return new Refused(Kind.NOT_FOUND, code, detail, null);
  }

  public static Refused conflict(String code, String detail) {
    return new Refused(Kind.CONFLICT, code, detail, null);
  }

  /** An extra member of the problem answer, e.g. {@code nextStep}. */
  public Refused with(String name, Object value) {
    properties.put(name, value);
    return this;
  }

  public Map<String, Object> properties() {
    return Map.copyOf(properties);
  }

  public Kind kind() {
    return kind;
  }

  public String code() {
    return code;
  }

  public String detail() {
    return getMessage();
  }

  public String field() {
    return field;
  }
}
