package io.equitoken.platform.test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * A TCP forwarder on a fixed local port, so that a test can take a server away and bring one back
 * at the same address: {@link #stop()} refuses new connections and cuts open ones, {@link #start()}
 * listens on the same port again and forwards to whatever {@code upstream} says now.
 */
final class TcpProxy {

  private final int port;
  private final Supplier<InetSocketAddress> upstream;
  private final List<Socket> open = new CopyOnWriteArrayList<>();
  private volatile ServerSocket server;

  TcpProxy(int port, Supplier<InetSocketAddress> upstream) {
    this.port = port;
    this.upstream = upstream;
  }

  synchronized void start() {
    try {
      ServerSocket socket = new ServerSocket();
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      server = socket;
      Thread acceptor = new Thread(() -> accept(socket), "tcp-proxy-" + port);
      acceptor.setDaemon(true);
      acceptor.start();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not listen on " + port, e);
    }
  }

  synchronized void stop() {
    close(server);
    open.forEach(TcpProxy::close);
    open.clear();
  }

  private void accept(ServerSocket socket) {
    while (!socket.isClosed()) {
      try {
        Socket client = socket.accept();
        InetSocketAddress target = upstreamOrNull();
        if (target == null) {
          close(client);
          continue;
        }
        Socket remote = new Socket(target.getAddress(), target.getPort());
        open.add(client);
        open.add(remote);
        pump(client, remote);
        pump(remote, client);
      } catch (IOException | RuntimeException e) {
        // closed by stop(), the upstream refused or is not up yet: the client sees a dropped
        // connection and retries, as it would against a restarting broker
      }
    }
  }

  private InetSocketAddress upstreamOrNull() {
    try {
      return upstream.get();
    } catch (RuntimeException notReady) {
      return null;
    }
  }

  private void pump(Socket from, Socket to) {
    Thread thread =
        new Thread(
            () -> {
              byte[] buffer = new byte[16384];
              try (InputStream in = from.getInputStream();
                  OutputStream out = to.getOutputStream()) {
                int read;
                while ((read = in.read(buffer)) >= 0) {
                  out.write(buffer, 0, read);
                  out.flush();
                }
              } catch (IOException e) {
                // connection cut: close both ends below
              } finally {
                close(from);
                close(to);
              }
            },
            "tcp-proxy-pump");
    thread.setDaemon(true);
    thread.start();
  }

  private static void close(java.io.Closeable closeable) {
    try {
      if (closeable != null) {
        closeable.close();
      }
    } catch (IOException ignored) {
      // already closed
    }
  }
}
