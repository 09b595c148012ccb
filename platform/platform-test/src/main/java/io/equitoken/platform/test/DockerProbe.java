package io.equitoken.platform.test;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether Testcontainers can be used: a Docker engine must answer. Checked cheaply first (socket or
 * DOCKER_HOST), so that machines without one never load Testcontainers at all.
 */
final class DockerProbe {

  private static volatile Boolean available;

  private DockerProbe() {}

  static boolean dockerAvailable() {
    if (available == null) {
      available = probe();
    }
    return available;
  }

  private static boolean probe() {
    if ("false".equalsIgnoreCase(System.getenv("EQUITOKEN_TEST_USE_DOCKER"))) {
      return false;
    }
    boolean hint =
        System.getenv("DOCKER_HOST") != null || Files.exists(Path.of("/var/run/docker.sock"));
    if (!hint) {
      return false;
    }
    try {
      Class<?> factory = Class.forName("org.testcontainers.DockerClientFactory");
      Object instance = factory.getMethod("instance").invoke(null);
      return (Boolean) factory.getMethod("isDockerAvailable").invoke(instance);
    } catch (ReflectiveOperationException | LinkageError e) {
      return false;
    }
  }
}
