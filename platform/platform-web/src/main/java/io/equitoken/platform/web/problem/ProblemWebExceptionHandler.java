package io.equitoken.platform.web.problem;

import io.equitoken.platform.core.RefusedException;
import io.equitoken.platform.web.input.QueryParams;
import java.util.List;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.validation.method.ParameterValidationResult;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.support.WebExchangeBindException;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerErrorException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;
import org.springframework.web.server.WebExceptionHandler;
import org.springframework.web.util.DisconnectedClientHelper;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * Turns every exception that reaches the web layer into RFC 9457 problem+json, framework ones
 * included, so that no client ever sees a stack trace or Spring's default error page. Runs before
 * Spring Boot's own handler (order -2 &lt; -1). A client that went away (Reactor Netty's {@code
 * AbortedException} "Connection has been closed BEFORE send operation", connection reset, broken
 * pipe: Spring's {@link DisconnectedClientHelper}) is logged at DEBUG without a stack trace and
 * gets no answer; a 5xx is logged at ERROR with its stack trace.
 */
@Order(-2)
public class ProblemWebExceptionHandler implements WebExceptionHandler {

  private static final Logger log = LoggerFactory.getLogger(ProblemWebExceptionHandler.class);

  @Override
  public Mono<Void> handle(ServerWebExchange exchange, Throwable ex) {
    if (DisconnectedClientHelper.isClientDisconnectedException(ex)) {
      // The client went away (closed the connection, reset it): nothing to answer to and nothing
      // wrong here, so no ERROR and no stack trace, only a trace of it for debugging.
      if (log.isDebugEnabled()) {
        log.debug(
            "Client went away during {} {}: {}",
            exchange.getRequest().getMethod(),
            exchange.getRequest().getPath(),
            ex.toString());
      }
      return Mono.empty();
    }
    if (answeredByTheServer(exchange)) {
      // Reactor Netty already answered (e.g. 400 for a chunk size it cannot decode) and the body's
      // error arrives afterwards: nothing can be written any more, and a client's malformed
      // framing is not an ERROR (a write here failed with "Status and headers already sent")
      if (isDecodingFailure(ex) || toProblem(ex).status() < 500) {
        log.debug(
            "{} {} was answered by the server already: {}",
            exchange.getRequest().getMethod(),
            exchange.getRequest().getPath(),
            ex.toString());
      } else {
        log.error(
            "Unhandled error on {} {} after its answer was sent",
            exchange.getRequest().getMethod(),
            exchange.getRequest().getPath(),
            ex);
      }
      return Mono.empty();
    }
    Throwable stalled = bodyTimeout(ex);
    if (stalled != null) {
      // a client too slow with its body (or an attacker holding a connection): its fault, answered
      // 408; one line without a stack trace, so that nobody can fill the ERROR alerting with it
      log.warn(
          "Request body of {} {} stalled ({}); answered 408",
          exchange.getRequest().getMethod(),
          exchange.getRequest().getPath(),
          stalled.getClass().getSimpleName());
      return ProblemWriter.write(exchange, toProblem(ex));
    }
    Problem problem = toProblem(ex);
    if (problem.status() >= 500) {
      log.error(
          "Unhandled error on {} {}",
          exchange.getRequest().getMethod(),
          exchange.getRequest().getPath(),
          ex);
    }
    if (problem.status() == 429
        && problem.properties().get("retryAfterSeconds") instanceof Number seconds) {
      exchange.getResponse().getHeaders().set("Retry-After", String.valueOf(seconds.longValue()));
    }
    if (ex instanceof MethodNotAllowedException notAllowed
        && !notAllowed.getSupportedMethods().isEmpty()) {
      exchange.getResponse().getHeaders().setAllow(notAllowed.getSupportedMethods());
    }
    return ProblemWriter.write(exchange, problem);
  }

  /** Whether Reactor Netty has sent the status and headers itself (not through this exchange). */
  static boolean answeredByTheServer(ServerWebExchange exchange) {
    try {
      Object response =
          org.springframework.http.server.reactive.ServerHttpResponseDecorator.getNativeResponse(
              exchange.getResponse());
      return response instanceof reactor.netty.http.server.HttpServerResponse netty
          && netty.hasSentHeaders();
    } catch (IllegalArgumentException | IllegalStateException notReactorNetty) {
      return false;
    }
  }

  /** The HTTP codec could not decode what the client sent (e.g. a chunk size {@code ZZ}). */
  static boolean isDecodingFailure(Throwable ex) {
    Throwable current = ex;
    for (int depth = 0; current != null && depth < 10; depth++) {
      if (current instanceof NumberFormatException
          || current.getClass().getName().startsWith("io.netty.handler.codec.")) {
        return true;
      }
      current = current.getCause();
    }
    return false;
  }

  /**
   * The server's read timeout (a body that pauses longer than {@code
   * equitoken.server.read-timeout}) or request timeout (a body slower in all than {@code
   * request-timeout}), if that is the cause.
   */
  public static Throwable bodyTimeout(Throwable ex) {
    Throwable current = ex;
    for (int depth = 0; current != null && depth < 10; depth++) {
      if (current instanceof io.netty.handler.timeout.ReadTimeoutException) {
        return current;
      }
      current = current.getCause();
    }
    return null;
  }

  static Problem toProblem(Throwable ex) {
    if (bodyTimeout(ex) != null) {
      return Problem.of(
          408,
          "request-timeout",
          "Request timeout",
          "The request body did not arrive in time; send it without pauses.");
    }
    if (ex instanceof RefusedException refused) {
      return Problem.of(refused.refusal());
    }
    if (ex instanceof ProblemException p) {
      Problem problem = Problem.of(p.status().value(), p.code(), p.title(), p.getMessage());
      for (var entry : p.properties().entrySet()) {
        problem = problem.with(entry.getKey(), entry.getValue());
      }
      return problem;
    }
    if (ex instanceof WebExchangeBindException bind) {
      List<Problem.FieldError> errors =
          bind.getFieldErrors().stream()
              .map(e -> new Problem.FieldError(e.getField(), e.getDefaultMessage()))
              .toList();
      return Problem.validation(describe(errors), errors);
    }
    if (ex instanceof HandlerMethodValidationException validation) {
      List<Problem.FieldError> errors =
          validation.getParameterValidationResults().stream()
              .flatMap(ProblemWebExceptionHandler::fieldErrors)
              .toList();
      return Problem.validation(describe(errors), errors);
    }
    if (ex instanceof UnsupportedMediaTypeStatusException media) {
      return Problem.of(
          415,
          "unsupported-media-type",
          "Unsupported media type",
          "Content type "
              + media.getContentType()
              + " is not supported here; supported: "
              + media.getSupportedMediaTypes());
    }
    if (ex instanceof MethodNotAllowedException notAllowed) {
      return Problem.of(
          405,
          "method-not-allowed",
          "Method not allowed",
          "Method "
              + notAllowed.getHttpMethod()
              + " is not allowed here; allowed: "
              + notAllowed.getSupportedMethods());
    }
    DataBufferLimitException tooLarge = findCause(ex, DataBufferLimitException.class);
    if (tooLarge != null) {
      return Problem.of(
          413, "payload-too-large", "Content too large", "The request body is too large.");
    }
    if (ex instanceof ServerWebInputException input) {
      return inputProblem(input);
    }
    if (findCause(ex, DecodingException.class) != null) {
      // e.g. a malformed multipart body, which the reader rejects outside ServerWebInputException
      return Problem.of(
          400, "malformed-body", "Malformed request body", "The request body could not be read.");
    }
    if (ex instanceof ServerErrorException missing
        && missing.getMethodParameter() != null
        && missing.getMethodParameter().hasParameterAnnotation(PathVariable.class)) {
      // WebFlux converts a blank segment ("/x/%20" for a UUID id) to null and then calls the
      // missing path variable a server error; it is the client's input, refused like "/x/abc"
      String field = missing.getMethodParameter().getParameterName();
      String reason = field + " is missing or blank";
      return Problem.validation(reason, List.of(new Problem.FieldError(field, reason)));
    }
    if (ex instanceof ResponseStatusException status) {
      return statusProblem(status.getStatusCode(), status.getReason());
    }
    if (ex instanceof AuthenticationException) {
      return Problem.of(
          401, "unauthenticated", "Unauthorized", "A valid bearer token is required.");
    }
    if (ex instanceof AccessDeniedException) {
      return Problem.of(403, "forbidden", "Forbidden", "Your roles do not allow this request.");
    }
    return Problem.of(
        500,
        "internal-error",
        "Internal error",
        "An unexpected error occurred; it has been logged.");
  }

  /** Jackson's strict duplicate detection: {@code Duplicate Object property "name"}. */
  private static final java.util.regex.Pattern DUPLICATE =
      java.util.regex.Pattern.compile(
          "(?i)^Duplicate (?:Object property|field) [\"']([^\"']*)[\"']");

  private static Problem inputProblem(ServerWebInputException input) {
    JacksonException json = findCause(input, JacksonException.class);
    if (json != null) {
      String field =
          json.getPath().stream()
              .map(
                  r -> r.getPropertyName() != null ? r.getPropertyName() : "[" + r.getIndex() + "]")
              .collect(Collectors.joining("."))
              .replace(".[", "[");
      java.util.regex.Matcher duplicate =
          DUPLICATE.matcher(json.getOriginalMessage() == null ? "" : json.getOriginalMessage());
      if (duplicate.find()) {
        String member = field.isEmpty() ? duplicate.group(1) : field + "." + duplicate.group(1);
        return Problem.of(
                400,
                "duplicate-member",
                "Malformed request body",
                "The JSON member " + member + " appears more than once in one object.")
            .with("field", member);
      }
      String message =
          json instanceof UnrecognizedPropertyException
              ? "is not a known field"
              : field.isEmpty() ? "the body is not valid JSON" : "has the wrong type or format";
      if (field.isEmpty()) {
        return Problem.of(
            400, "malformed-body", "Malformed request body", "The body is not valid JSON.");
      }
      return Problem.validation(
          field + " " + message, List.of(new Problem.FieldError(field, message)));
    }
    String reason = input.getReason() == null ? "The request is not valid." : input.getReason();
    if (input.getMethodParameter() != null
        && input.getMethodParameter().hasParameterAnnotation(RequestParam.class)) {
      // a query parameter Spring could not convert: the platform's one code for that mistake
      RequestParam param = input.getMethodParameter().getParameterAnnotation(RequestParam.class);
      String name =
          param.name().isEmpty() ? input.getMethodParameter().getParameterName() : param.name();
      return Problem.of(
          QueryParams.invalid(name, name + " is not of its type or format.").refusal());
    }
    if (input.getMethodParameter() != null
        && input.getMethodParameter().getParameterName() != null) {
      String field = input.getMethodParameter().getParameterName();
      return Problem.validation(reason, List.of(new Problem.FieldError(field, reason)));
    }
    return Problem.of(400, "bad-request", "Bad request", reason);
  }

  private static Problem statusProblem(HttpStatusCode code, String reason) {
    HttpStatus status = HttpStatus.resolve(code.value());
    String title = status == null ? "Error" : status.getReasonPhrase();
    if (code.value() == 404) {
      return Problem.of(404, "not-found", "Not found", "No resource exists at this path.");
    }
    String slug = title.toLowerCase().replace(' ', '-');
    return Problem.of(code.value(), slug, title, reason == null ? title : reason);
  }

  private static java.util.stream.Stream<Problem.FieldError> fieldErrors(
      ParameterValidationResult result) {
    String name = result.getMethodParameter().getParameterName();
    return result.getResolvableErrors().stream()
        .map(e -> new Problem.FieldError(name, e.getDefaultMessage()));
  }

  private static String describe(List<Problem.FieldError> errors) {
    if (errors.isEmpty()) {
      return "The request is not valid.";
    }
    return errors.stream()
        .map(e -> e.field() + " " + e.message())
        .collect(Collectors.joining("; "));
  }

  private static <T extends Throwable> T findCause(Throwable ex, Class<T> type) {
    Throwable current = ex;
    for (int depth = 0; current != null && depth < 10; depth++) {
      if (type.isInstance(current)) {
        return type.cast(current);
      }
      current = current.getCause();
    }
    return null;
  }
}
