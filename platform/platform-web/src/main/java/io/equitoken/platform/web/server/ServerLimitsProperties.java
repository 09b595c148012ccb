package io.equitoken.platform.web.server;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How long a client may take to send a request, and how many connections one client address may
 * hold (docs/security.md). Idle keep-alive connections are bounded by Boot's {@code
 * server.netty.idle-timeout} (platform default 60 s).
 *
 * @param requestHeaderTimeout from a connection's start (or the end of its previous response) until
 *     the whole request line and headers have arrived; a client that trickles its headers is
 *     disconnected after it
 * @param readTimeout the longest pause between two reads of a request body
 * @param requestTimeout the longest time to receive a whole request body
 * @param maxConnectionsPerClient connections one client address may hold at once; 0 = no cap (the
 *     services, whose only client is the gateway); the gateway sets it
 */
@ConfigurationProperties("equitoken.server")
public record ServerLimitsProperties(
    Duration requestHeaderTimeout,
    Duration readTimeout,
    Duration requestTimeout,
    Integer maxConnectionsPerClient) {

  public ServerLimitsProperties {
    requestHeaderTimeout =
        requestHeaderTimeout == null ? Duration.ofSeconds(20) : requestHeaderTimeout;
    readTimeout = readTimeout == null ? Duration.ofSeconds(20) : readTimeout;
    requestTimeout = requestTimeout == null ? Duration.ofSeconds(120) : requestTimeout;
    maxConnectionsPerClient = maxConnectionsPerClient == null ? 0 : maxConnectionsPerClient;
  }
}
