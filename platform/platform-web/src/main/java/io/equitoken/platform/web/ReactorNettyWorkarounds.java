package io.equitoken.platform.web;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Works around a Reactor Netty 1.3 server bug (reactor-netty issues 4188 and 4361, PR 4347): a
 * keep-alive request that arrives before the previous request's operations have terminated — e.g.
 * right after an error answered without reading the request body — is buffered and never read, so
 * the client waits until its timeout. {@code reactor.netty.http.server.lastFlushWhenNoRead=true}
 * makes the server terminate the previous operations first and dispatch the request inline. Runs
 * before the web server exists, since Reactor Netty reads the property once; an explicit setting
 * wins.
 */
public class ReactorNettyWorkarounds implements EnvironmentPostProcessor {

  static final String LAST_FLUSH_WHEN_NO_READ = "reactor.netty.http.server.lastFlushWhenNoRead";

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    if (System.getProperty(LAST_FLUSH_WHEN_NO_READ) == null) {
      System.setProperty(LAST_FLUSH_WHEN_NO_READ, "true");
    }
  }
}
