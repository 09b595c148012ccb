package io.equitoken.platform.web.problem;

import io.equitoken.platform.core.Refusal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An RFC 9457 problem document. The {@code type} URI is derived from the stable {@code code}, so
 * clients may switch on either.
 */
public record Problem(
    int status,
    String code,
    String title,
    String detail,
    String instance,
    Map<String, Object> properties) {

  public static final String TYPE_BASE = "https://equitoken.io/problems/";

  public Problem {
    properties = properties == null ? Map.of() : Map.copyOf(properties);
  }

  public static Problem of(int status, String code, String title, String detail) {
    return new Problem(status, code, title, detail, null, Map.of());
  }

  /**
   * The problem for a domain {@link Refusal}: status and title from its kind, its code and detail,
   * {@code field} when it names one, and its extension members.
   */
  public static Problem of(Refusal refusal) {
    Problem problem =
        of(refusal.kind().status(), refusal.code(), refusal.kind().title(), refusal.detail());
    if (refusal.field() != null) {
      problem = problem.with("field", refusal.field());
    }
    for (var entry : refusal.extensions().entrySet()) {
      problem = problem.with(entry.getKey(), entry.getValue());
    }
    return problem;
  }

  public Problem withInstance(String instance) {
    return new Problem(status, code, title, detail, instance, properties);
  }

  public Problem with(String name, Object value) {
    Map<String, Object> copy = new LinkedHashMap<>(properties);
    copy.put(name, value);
    return new Problem(status, code, title, detail, instance, copy);
  }

  /** The JSON members in their conventional order; extension members follow the standard ones. */
  public Map<String, Object> toMap() {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("type", TYPE_BASE + code);
    body.put("title", title);
    body.put("status", status);
    body.put("detail", detail);
    if (instance != null) {
      body.put("instance", instance);
    }
    body.put("code", code);
    properties.forEach(body::putIfAbsent);
    return body;
  }

  /** One invalid input member of a validation problem. */
  public record FieldError(String field, String message) {}

  public static Problem validation(String detail, List<FieldError> errors) {
    Problem problem = of(400, "validation-failed", "Invalid request", detail);
    if (!errors.isEmpty()) {
      problem = problem.with("field", errors.get(0).field());
    }
    return problem.with(
        "errors",
        errors.stream().map(e -> Map.of("field", e.field(), "message", e.message())).toList());
  }
}
