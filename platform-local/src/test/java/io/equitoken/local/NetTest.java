package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.Test;

class NetTest {

  @Test
  void shouldRefuseToStartNamingOnlyThePortsAlreadyInUse() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int free = freePort();

      assertThatThrownBy(() -> Net.requireFree(List.of(free, taken.getLocalPort())))
          .isInstanceOf(LaunchException.class)
          .hasMessage(
              "ports already in use: ["
                  + taken.getLocalPort()
                  + "] (another instance on the same ports? use a different port offset)");
      assertThat(Net.busy(List.of(free, taken.getLocalPort())))
          .containsExactly(taken.getLocalPort());
    }
  }

  @Test
  void shouldLetAStartGoOnWhenEveryPortIsFree() throws Exception {
    int free = freePort();

    assertThatCode(() -> Net.requireFree(List.of(free))).doesNotThrowAnyException();
  }

  private static int freePort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
