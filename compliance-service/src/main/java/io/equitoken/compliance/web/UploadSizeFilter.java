package io.equitoken.compliance.web;

import io.equitoken.platform.web.CountedBody;
import io.equitoken.platform.web.problem.Problem;
import io.equitoken.platform.web.problem.ProblemWriter;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpMethod;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import reactor.core.publisher.Mono;

/**
 * Caps the whole body of a KYC upload before the multipart reader sees it: a declared length beyond
 * the cap is refused at once, and a body that grows past it (chunked or lying) fails as soon as the
 * cap is crossed. The per-part limits of the multipart reader do the rest; no upload is ever
 * buffered whole beyond these limits.
 *
 * <p>The upload route is matched the way the controller's mapping matches it — on the decoded path
 * segments — so an encoded spelling ({@code /compliance/%6byc}, {@code /%63ompliance/kyc}) reaches
 * neither the controller nor anything else without the cap.
 */
public class UploadSizeFilter implements WebFilter {

  static final String PATH = "/compliance/kyc";
  private static final PathPattern ROUTE = PathPatternParser.defaultInstance.parse(PATH);

  private final long maxBodyBytes;

  public UploadSizeFilter(long maxBodyBytes) {
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    var request = exchange.getRequest();
    if (request.getMethod() != HttpMethod.POST
        || !ROUTE.matches(request.getPath().pathWithinApplication())) {
      return chain.filter(exchange);
    }
    long declared = request.getHeaders().getContentLength();
    if (declared > maxBodyBytes) {
      return ProblemWriter.write(exchange, tooLarge());
    }
    var capped =
        CountedBody.capped(
            request,
            maxBodyBytes,
            () -> new DataBufferLimitException("Upload exceeds " + maxBodyBytes + " bytes"));
    return chain.filter(exchange.mutate().request(capped).build());
  }

  private Problem tooLarge() {
    return Problem.of(
            413,
            "submission-too-large",
            "Content too large",
            "The upload is larger than the limit of " + maxBodyBytes + " bytes per submission.")
        .with("limitBytes", maxBodyBytes);
  }
}
