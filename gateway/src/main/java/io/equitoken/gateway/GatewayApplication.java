package io.equitoken.gateway;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The HTTPS edge of Equitoken: see docs/services/gateway.md. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class GatewayApplication {

  /**
   * Reactor Netty's native (epoll) transport measured slower here than NIO for proxied calls
   * (spring-cloud-gateway issue 4209; numbers in docs/services/gateway.md), so NIO is the default.
   * {@code -Dreactor.netty.native=true} brings native back. Must be set before Netty loads.
   */
  static final String NATIVE_TRANSPORT = "reactor.netty.native";

  public static void main(String[] args) {
    if (System.getProperty(NATIVE_TRANSPORT) == null) {
      System.setProperty(NATIVE_TRANSPORT, "false");
    }
    SpringApplication.run(GatewayApplication.class, args);
  }
}
