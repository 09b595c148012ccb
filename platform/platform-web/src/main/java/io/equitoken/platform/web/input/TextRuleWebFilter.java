package io.equitoken.platform.web.input;

import io.equitoken.platform.web.problem.ProblemException;
import io.equitoken.platform.web.problem.ProblemWebExceptionHandler;
import java.util.List;
import java.util.Map;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Every query parameter (name and decoded value) obeys {@link TextRule} as a single line, before
 * anything else looks at the request: a 400 problem naming the parameter otherwise.
 */
public final class TextRuleWebFilter implements WebFilter, Ordered {

  private final ProblemWebExceptionHandler problems;

  public TextRuleWebFilter(ProblemWebExceptionHandler problems) {
    this.problems = problems;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    try {
      for (Map.Entry<String, List<String>> parameter :
          exchange.getRequest().getQueryParams().entrySet()) {
        String name = parameter.getKey();
        TextRule.requireSingleLine("query parameter name", name);
        for (String value : parameter.getValue()) {
          TextRule.requireSingleLine(name, value);
        }
      }
    } catch (ProblemException refused) {
      return problems.handle(exchange, refused);
    } catch (IllegalArgumentException undecodable) {
      return problems.handle(
          exchange,
          ProblemException.badRequest("malformed-query", "The query string cannot be decoded."));
    }
    return chain.filter(exchange);
  }

  /** Before Spring Security (-100): bad input is refused whoever sends it. */
  @Override
  public int getOrder() {
    return -200;
  }
}
