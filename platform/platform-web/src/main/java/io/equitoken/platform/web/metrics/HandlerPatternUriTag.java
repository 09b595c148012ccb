package io.equitoken.platform.web.metrics;

import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.pattern.PathPattern;

/**
 * The matched {@code @RequestMapping} (or actuator endpoint) pattern, e.g. {@code /listings/{id}}.
 */
public final class HandlerPatternUriTag implements RequestUriTag {

  @Override
  public String template(ServerWebExchange exchange) {
    Object pattern = exchange.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
    return pattern instanceof PathPattern path ? path.getPatternString() : null;
  }
}
