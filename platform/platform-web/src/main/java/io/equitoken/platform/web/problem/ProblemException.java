package io.equitoken.platform.web.problem;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;

/**
 * An error a web adapter answers with: an HTTP status, a stable machine-readable {@code code}
 * (which also forms the problem {@code type}), a short title and a human detail. Rendered as RFC
 * 9457 {@code application/problem+json} by {@link ProblemWebExceptionHandler}.
 */
public class ProblemException extends RuntimeException {

  private final HttpStatus status;
  private final String code;
  private final String title;
  private final Map<String, Object> properties = new LinkedHashMap<>();

  public ProblemException(HttpStatus status, String code, String title, String detail) {
    super(detail, null, false, false);
    this.status = status;
    this.code = code;
    this.title = title;
  }

  public static ProblemException badRequest(String code, String detail) {
    return new ProblemException(HttpStatus.BAD_REQUEST, code, "Bad request", detail);
  }

  public static ProblemException notFound(String code, String detail) {
    return new ProblemException(HttpStatus.NOT_FOUND, code, "Not found", detail);
  }

  public static ProblemException conflict(String code, String detail) {
    return new ProblemException(HttpStatus.CONFLICT, code, "Conflict", detail);
  }

  public static ProblemException forbidden(String code, String detail) {
    return new ProblemException(HttpStatus.FORBIDDEN, code, "Forbidden", detail);
  }

  public static ProblemException unauthorized(String code, String detail) {
    return new ProblemException(HttpStatus.UNAUTHORIZED, code, "Unauthorized", detail);
  }

  public static ProblemException unprocessable(String code, String detail) {
    return new ProblemException(
        HttpStatus.UNPROCESSABLE_CONTENT, code, "Unprocessable content", detail);
  }

  public static ProblemException unsupportedMediaType(String code, String detail) {
    return new ProblemException(
        HttpStatus.UNSUPPORTED_MEDIA_TYPE, code, "Unsupported media type", detail);
  }

  public static ProblemException payloadTooLarge(String code, String detail) {
    return new ProblemException(HttpStatus.CONTENT_TOO_LARGE, code, "Content too large", detail);
  }

  /** The exception for a domain {@link io.equitoken.platform.core.Refusal}. */
  public static ProblemException of(io.equitoken.platform.core.Refusal refusal) {
    ProblemException e =
        new ProblemException(
            HttpStatus.valueOf(refusal.kind().status()),
            refusal.code(),
            refusal.kind().title(),
            refusal.detail());
    if (refusal.field() != null) {
      e.with("field", refusal.field());
    }
    refusal.extensions().forEach(e::with);
    return e;
  }

  /** Adds an extension member to the problem, e.g. the offending {@code field}. */
  public ProblemException with(String name, Object value) {
    properties.put(name, value);
    return this;
  }

  public HttpStatus status() {
    return status;
  }

  public String code() {
    return code;
  }

  public String title() {
    return title;
  }

  public Map<String, Object> properties() {
    return Map.copyOf(properties);
  }
}
