package io.equitoken.webhooks.kernel;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;

/**
 * The service's refusals, as platform-core {@link Refusal}s thrown in a {@link RefusedException}
 * (platform-web renders them as problem+json naming the field, like every service's): an invalid
 * field → 400 {@code invalid-field}, an unprocessable one → 422 with its own code, a missing
 * resource → 404 {@code not-found}.
 */
public final class Refused {

  private Refused() {}

  public static RefusedException invalid(String field, String detail) {
    return Refusal.badRequest("invalid-field", detail).withField(field).exception();
  }

  public static RefusedException unprocessable(String code, String field, String detail) {
    Refusal refusal = Refusal.unprocessable(code, detail);
    return (field == null ? refusal : refusal.withField(field)).exception();
  }

  public static RefusedException notFound(String what) {
    return Refusal.notFound("not-found", what + " was not found.").exception();
  }
}
