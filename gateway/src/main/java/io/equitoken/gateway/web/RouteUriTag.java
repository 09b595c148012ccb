package io.equitoken.gateway.web;

import io.equitoken.platform.web.metrics.HandlerPatternUriTag;
import io.equitoken.platform.web.metrics.RequestUriTag;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.web.server.ServerWebExchange;

/**
 * The gateway's {@code uri} tag of {@code http.server.requests}: the route that proxied the request
 * ({@code route:listings}), else the gateway's own handler pattern ({@code /openapi.json}, the
 * actuator). A route's paths are many, its id one: one time series per upstream.
 */
public final class RouteUriTag implements RequestUriTag {

  private final HandlerPatternUriTag handlerPattern = new HandlerPatternUriTag();

  @Override
  public String template(ServerWebExchange exchange) {
    Route route = exchange.getAttribute(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR);
    return route != null ? "route:" + route.getId() : handlerPattern.template(exchange);
  }
}
