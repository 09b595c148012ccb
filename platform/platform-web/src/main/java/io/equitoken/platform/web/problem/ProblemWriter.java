package io.equitoken.platform.web.problem;

import java.nio.charset.StandardCharsets;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** Writes a {@link Problem} as {@code application/problem+json}; the single place that does so. */
public final class ProblemWriter {

  public static final String REQUEST_ID_HEADER = "X-Request-Id";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ProblemWriter() {}

  public static Mono<Void> write(ServerWebExchange exchange, Problem problem) {
    ServerHttpResponse response = exchange.getResponse();
    if (response.isCommitted()) {
      return Mono.empty();
    }
    Problem withContext = problem.withInstance(exchange.getRequest().getPath().value());
    String requestId = exchange.getRequest().getHeaders().getFirst(REQUEST_ID_HEADER);
    if (requestId != null && !requestId.isBlank()) {
      withContext = withContext.with("requestId", requestId);
    }
    byte[] body = toJson(withContext);
    response.setStatusCode(HttpStatus.valueOf(problem.status()));
    HttpHeaders headers = response.getHeaders();
    headers.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
    headers.setContentLength(body.length);
    headers.setCacheControl("no-store");
    DataBuffer buffer = response.bufferFactory().wrap(body);
    return response.writeWith(Mono.just(buffer));
  }

  public static byte[] toJson(Problem problem) {
    try {
      return JSON.writeValueAsBytes(problem.toMap());
    } catch (RuntimeException e) {
      return ("{\"status\":" + problem.status() + ",\"code\":\"internal-error\"}")
          .getBytes(StandardCharsets.UTF_8);
    }
  }
}
