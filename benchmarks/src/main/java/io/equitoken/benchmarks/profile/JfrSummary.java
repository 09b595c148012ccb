package io.equitoken.benchmarks.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where a process's CPU samples went, from a JFR recording ({@code jdk.ExecutionSample}): the share
 * of each area of the request path (the first rule, from the top of the stack, that a frame
 * matches) and the hottest methods by self time. Markdown on stdout, for docs/benchmarks.md.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.equitoken.benchmarks.profile.JfrSummary
 *     gateway.jfr [--from 2026-11-23T06:12:00Z] [--top 15]</pre>
 */
public final class JfrSummary {

  /** Areas, matched against frames from the top of the stack down; the first match wins. */
  static final Map<String, String> AREAS = new LinkedHashMap<>();

  static {
    AREAS.put("sun.security.ec", "ES256 signature (JDK EC)");
    AREAS.put("com.nimbusds", "JWT parsing/validation (Nimbus)");
    AREAS.put("io.netty.handler.ssl", "TLS (Netty SslHandler)");
    AREAS.put("sun.security.ssl", "TLS (JDK)");
    AREAS.put("io.r2dbc", "database driver (r2dbc)");
    AREAS.put("org.springframework.r2dbc", "database client (Spring R2DBC)");
    AREAS.put("io.micrometer.context", "Reactor context propagation (thread locals)");
    AREAS.put("ContextPropagation", "Reactor context propagation (thread locals)");
    AREAS.put("io.opentelemetry", "tracing (OpenTelemetry)");
    AREAS.put("io.micrometer.tracing", "tracing (Micrometer)");
    AREAS.put("io.micrometer.core", "metrics (Micrometer)");
    AREAS.put("ch.qos.logback", "logging");
    AREAS.put("org.slf4j", "logging");
    AREAS.put("tools.jackson", "JSON (Jackson)");
    AREAS.put("com.fasterxml.jackson", "JSON (Jackson)");
    AREAS.put("io.github.resilience4j", "circuit breaker (resilience4j)");
    AREAS.put("org.springframework.cloud.gateway", "gateway filters and routing (SCG)");
    AREAS.put("org.springframework.security", "Spring Security filter chain");
    AREAS.put("io.equitoken", "Equitoken code");
    AREAS.put("org.springframework.web", "Spring WebFlux");
    AREAS.put("org.springframework.http", "Spring WebFlux");
    AREAS.put("reactor.netty.http.client", "HTTP client (Reactor Netty)");
    AREAS.put("reactor.netty", "HTTP server (Reactor Netty)");
    AREAS.put("io.netty", "Netty (I/O, buffers, event loop)");
    AREAS.put("reactor.core", "Reactor operators");
    AREAS.put("org.apache.kafka", "Kafka client");
  }

  private JfrSummary() {}

  public static void main(String[] args) throws IOException {
    Path file = Path.of(args[0]);
    Instant from = Instant.MIN;
    int top = 15;
    for (int i = 1; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--from" -> from = Instant.parse(args[i + 1]);
        case "--top" -> top = Integer.parseInt(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Map<String, Integer> areas = new HashMap<>();
    Map<String, Integer> methods = new HashMap<>();
    int total = 0;
    try (RecordingFile recording = new RecordingFile(file)) {
      while (recording.hasMoreEvents()) {
        RecordedEvent event = recording.readEvent();
        if (!event.getEventType().getName().equals("jdk.ExecutionSample")
            || event.getStartTime().isBefore(from)
            || event.getStackTrace() == null
            || event.getStackTrace().getFrames().isEmpty()) {
          continue;
        }
        total++;
        List<RecordedFrame> frames = event.getStackTrace().getFrames();
        areas.merge(area(frames), 1, Integer::sum);
        methods.merge(name(frames.get(0)), 1, Integer::sum);
      }
    }
    System.out.printf("%s: %d CPU samples%n%n", file.getFileName(), total);
    System.out.println("| area (first match from the top of the stack) | share of samples |");
    System.out.println("|---|---|");
    print(areas, total, Integer.MAX_VALUE);
    System.out.println();
    System.out.println("| hottest methods (self) | share of samples |");
    System.out.println("|---|---|");
    print(methods, total, top);
  }

  static String area(List<RecordedFrame> frames) {
    for (RecordedFrame frame : frames) {
      String name = name(frame);
      for (Map.Entry<String, String> rule : AREAS.entrySet()) {
        if (name.contains(rule.getKey())) {
          return rule.getValue();
        }
      }
    }
    return "other (JDK)";
  }

  private static String name(RecordedFrame frame) {
    return frame.getMethod().getType().getName() + "." + frame.getMethod().getName();
  }

  private static void print(Map<String, Integer> counts, int total, int limit) {
    counts.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
        .limit(limit)
        .forEach(
            e ->
                System.out.printf(
                    "| %s | %.1f %% |%n",
                    e.getKey().replace("|", "\\|"), 100.0 * e.getValue() / total));
  }
}
