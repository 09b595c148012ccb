package io.equitoken.platform.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;

/**
 * Adds {@code classpath:equitoken-defaults.yml} (graceful shutdown, probes, JWT settings, strict
 * JSON) as the environment's last, lowest-precedence property source: anything a service sets
 * anywhere wins.
 */
public class PlatformDefaults implements EnvironmentPostProcessor {

  public static final String RESOURCE = "equitoken-defaults.yml";
  public static final String PROPERTY_SOURCE_NAME = "equitokenPlatformDefaults";

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    if (environment.getPropertySources().contains(PROPERTY_SOURCE_NAME)) {
      return;
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
