package io.equitoken.platform.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;

/**
 * Adds {@code classpath:equitoken-defaults.yml} (graceful shutdown, probes, JWT settings, strict
 * JSON) as the environment's last, lowest-precedence property source: anything a service sets
 * anywhere wins.
 *
 * <p>Log format: plain text unless {@code equitoken.log-format} ({@code EQUITOKEN_LOG_FORMAT})
 * names one of Spring Boot's structured formats ({@code ecs}, {@code logstash}, {@code gelf}); then
 * it becomes the default of {@code logging.structured.format.console} (JSON lines, one per event).
 */
public class PlatformDefaults implements EnvironmentPostProcessor {

  public static final String RESOURCE = "equitoken-defaults.yml";
  public static final String PROPERTY_SOURCE_NAME = "equitokenPlatformDefaults";
  public static final String LOG_FORMAT = "equitoken.log-format";
  public static final String LOG_FORMAT_SOURCE_NAME = "equitokenLogFormat";

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    if (environment.getPropertySources().contains(PROPERTY_SOURCE_NAME)) {
      return;
    }
    String logFormat = environment.getProperty(LOG_FORMAT);
    if (logFormat != null && !logFormat.isBlank()) {
      environment
          .getPropertySources()
          .addLast(
              new MapPropertySource(
                  LOG_FORMAT_SOURCE_NAME,
                  Map.of("logging.structured.format.console", logFormat.strip())));
    }
    try {
      for (PropertySource<?> source :
          new YamlPropertySourceLoader()
              .load(PROPERTY_SOURCE_NAME, new ClassPathResource(RESOURCE))) {
        environment.getPropertySources().addLast(source);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + RESOURCE, e);
    }
  }
}
