package io.equitoken.compliance.web;

import io.equitoken.compliance.kyc.KycRejectedException;
import io.equitoken.compliance.kyc.Rejection;
import io.equitoken.platform.web.ProblemException;
import org.springframework.http.HttpStatus;

/** Translates the domain's refusals into problem+json answers; the domain never picks a status. */
final class Problems {

  private Problems() {}

  static Throwable translate(Throwable error) {
    return error instanceof KycRejectedException rejected ? of(rejected.rejection()) : error;
  }

  static ProblemException of(Rejection rejection) {
    HttpStatus status =
        switch (rejection.kind()) {
          case INVALID -> HttpStatus.BAD_REQUEST;
          case UNPROCESSABLE -> HttpStatus.UNPROCESSABLE_CONTENT;
          case UNSUPPORTED_CONTENT -> HttpStatus.UNSUPPORTED_MEDIA_TYPE;
          case TOO_LARGE -> HttpStatus.CONTENT_TOO_LARGE;
          case CONFLICT -> HttpStatus.CONFLICT;
          case FORBIDDEN -> HttpStatus.FORBIDDEN;
          case NOT_FOUND -> HttpStatus.NOT_FOUND;
        };
    String title =
        rejection.kind() == Rejection.Kind.INVALID ? "Invalid request" : status.getReasonPhrase();
    ProblemException problem =
        new ProblemException(status, rejection.code(), title, rejection.detail());
    rejection.extras().forEach(problem::with);
    return problem;
  }
}
