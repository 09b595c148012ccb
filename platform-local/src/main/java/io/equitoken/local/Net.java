package io.equitoken.local;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Instant;
import java.util.List;

/** Port checks. */
final class Net {

  private Net() {}

  static boolean isOpen(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("localhost", port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Whether nothing listens on the port and we could bind it. */
  static boolean isFree(int port) {
    if (isOpen(port)) {
      return false;
    }
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress("localhost", port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  static void awaitPort(int port, ChildProcess process, Instant deadline, String what) {
    while (!isOpen(port)) {
      if (!process.isAlive()) {
        throw new LaunchException(
            what + " exited with code " + process.exitValue(), process.log(), process.tail(30));
      }
      if (Instant.now().isAfter(deadline)) {
        throw new LaunchException(
            what + " did not open port " + port + " in time", process.log(), process.tail(30));
      }
      RunLock.sleep(200);
    }
  }

  static List<Integer> busy(List<Integer> ports) {
    return ports.stream().filter(port -> !isFree(port)).toList();
  }

  /**
   * @throws LaunchException naming the ports something else listens on already
   */
  static void requireFree(List<Integer> ports) {
    List<Integer> busy = busy(ports);
    if (!busy.isEmpty()) {
      throw new LaunchException(
          "ports already in use: "
              + busy
              + " (another instance on the same ports? use a different port offset)",
          null,
          List.of());
    }
  }
}
