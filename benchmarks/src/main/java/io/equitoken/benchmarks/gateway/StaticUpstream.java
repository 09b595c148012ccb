package io.equitoken.benchmarks.gateway;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * A stand-in service on loopback that answers every request with a small JSON body, so that a
 * gateway measurement sees the gateway's own cost. Usage: {@code StaticUpstream <port>}.
 */
public final class StaticUpstream {

  private StaticUpstream() {}

  public static void main(String[] args) throws IOException {
    System.setProperty("sun.net.httpserver.nodelay", "true");
    HttpServer server =
        HttpServer.create(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0])),
            512);
    byte[] body = "{\"keys\":[]}".getBytes(StandardCharsets.UTF_8);
    server.createContext(
        "/",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.setExecutor(Executors.newFixedThreadPool(8));
    server.start();
  }
}
