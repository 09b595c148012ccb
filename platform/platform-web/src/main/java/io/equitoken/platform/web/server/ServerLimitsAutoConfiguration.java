package io.equitoken.platform.web.server;

import io.netty.channel.ChannelPipeline;
import java.net.InetAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServer;

/**
 * Bounds on slow and greedy clients for every service and the gateway (Reactor Netty): a deadline
 * for the request head, read and whole-body timeouts for the body, and an optional cap on the
 * connections of one client address. Also: the server's own answers to undecodable requests (e.g.
 * {@code 431}) as problem+json ({@link BareRefusalAsProblem}).
 */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass({HttpServer.class, NettyServerCustomizer.class})
@EnableConfigurationProperties(ServerLimitsProperties.class)
public class ServerLimitsAutoConfiguration {

  /** A client's stalled body or disconnect, dropped after the answer, is no ERROR line. */
  @Bean
  DroppedErrorsLog equitokenDroppedErrorsLog() {
    return new DroppedErrorsLog();
  }

  @Bean
  NettyServerCustomizer equitokenServerLimits(ServerLimitsProperties limits) {
    return serverLimits(limits);
  }

  /**
   * The limits as a customizer of a Reactor Netty server: what every service's and the gateway's
   * server gets, for a server built by hand (a test's stand-in for a service).
   */
  public static NettyServerCustomizer serverLimits(ServerLimitsProperties limits) {
    Map<InetAddress, Integer> connections = new ConcurrentHashMap<>();
    return server ->
        server
            .readTimeout(limits.readTimeout())
            .doOnChannelInit(
                (observer, channel, remoteAddress) -> {
                  ChannelPipeline pipeline = channel.pipeline();
                  if (limits.maxConnectionsPerClient() > 0) {
                    pipeline.addFirst(
                        ConnectionCap.NAME,
                        new ConnectionCap(connections, limits.maxConnectionsPerClient()));
                  }
                  // HTTP/1.1 only: these watch decoded messages right after the codec; the
                  // deadline's first-bytes part watches raw bytes right before it
                  if (pipeline.get(NettyPipeline.HttpCodec) != null) {
                    RequestHeadDeadline deadline =
                        new RequestHeadDeadline(limits.requestHeaderTimeout());
                    pipeline.addAfter(NettyPipeline.HttpCodec, RequestHeadDeadline.NAME, deadline);
                    pipeline.addAfter(
                        NettyPipeline.HttpCodec,
                        RequestBodyDeadline.NAME,
                        new RequestBodyDeadline(limits.requestTimeout()));
                    pipeline.addBefore(
                        NettyPipeline.HttpCodec,
                        RequestHeadDeadline.FIRST_BYTES_NAME,
                        deadline.firstBytes());
                    pipeline.addAfter(
                        NettyPipeline.HttpCodec,
                        BareRefusalAsProblem.NAME,
                        new BareRefusalAsProblem());
                    pipeline.addAfter(
                        NettyPipeline.HttpCodec,
                        AnswerBeforeBodyCloses.NAME,
                        new AnswerBeforeBodyCloses());
                  }
                });
  }
}
