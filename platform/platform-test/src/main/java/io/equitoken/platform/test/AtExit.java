package io.equitoken.platform.test;

import org.springframework.boot.SpringApplication;
import org.springframework.util.ClassUtils;

/**
 * Tears the test JVM's shared infrastructure (the broker, the database) down when the JVM exits:
 * after Spring Boot has closed the tests' application contexts when Spring Boot is on the class
 * path (its shutdown hook closes them, then runs these handlers), else in a JVM shutdown hook.
 *
 * <p>A JVM shutdown hook of its own runs alongside the contexts' closing: a context whose outbox
 * relay still has records in flight then waits for its relay (10 s) and its Kafka producer (30 s)
 * against a broker already gone, and the test fork outlives surefire's exit timeout, which kills it
 * 30 s after the tests have finished.
 */
final class AtExit {

  private static final boolean SPRING_BOOT =
      ClassUtils.isPresent(
          "org.springframework.boot.SpringApplication", AtExit.class.getClassLoader());

  private AtExit() {}

  static void afterApplicationContexts(Runnable teardown) {
    if (SPRING_BOOT) {
      SpringBootShutdown.add(teardown);
    } else {
      Runtime.getRuntime().addShutdownHook(new Thread(teardown));
    }
  }

  /** Loaded only when Spring Boot is present. */
  private static final class SpringBootShutdown {
    static void add(Runnable teardown) {
      SpringApplication.getShutdownHandlers().add(teardown);
    }
  }
}
