package io.equitoken.platform.web.logging;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.spi.LocationAwareLogger;

/**
 * Commons Logging (the API Spring, Spring Security and Spring Cloud Gateway log through) onto
 * SLF4J, rendering a message only when its level is enabled. Commons Logging's own SLF4J adapter
 * turns every message into a string first — {@code logger.debug(LogMessage.format("Trying to match
 * using %s", matcher))} runs {@code String.format} on every request even with DEBUG off — which
 * Spring Security's matchers and authorization managers do several times per request (a few percent
 * of the gateway's CPU per proxied request, docs/benchmarks.md).
 *
 * <p>Chosen by Commons Logging's {@code ServiceLoader} lookup ({@code
 * META-INF/services/org.apache.commons.logging.LogFactory}), which comes before its own SLF4J
 * detection; the {@code org.apache.commons.logging.LogFactory} system property still overrides it.
 * Levels, appenders and the log's location (class, line) are SLF4J's, as before.
 */
public final class LevelCheckedLogFactory extends LogFactory {

  private final Map<String, Log> logs = new ConcurrentHashMap<>();
  private final Map<String, Object> attributes = new ConcurrentHashMap<>();

  @Override
  public Log getInstance(Class<?> clazz) {
    return getInstance(clazz.getName());
  }

  @Override
  public Log getInstance(String name) {
    return logs.computeIfAbsent(name, n -> new LevelCheckedLog(LoggerFactory.getLogger(n)));
  }

  @Override
  public Object getAttribute(String name) {
    return attributes.get(name);
  }

  @Override
  public String[] getAttributeNames() {
    return attributes.keySet().toArray(String[]::new);
  }

  @Override
  public void setAttribute(String name, Object value) {
    if (value == null) {
      attributes.remove(name);
    } else {
      attributes.put(name, value);
    }
  }

  @Override
  public void removeAttribute(String name) {
    attributes.remove(name);
  }

  @Override
  public void release() {
    logs.clear();
  }

  /** One logger: each level checked before {@code String.valueOf(message)}. */
  static final class LevelCheckedLog implements Log {

    private static final String FQCN = LevelCheckedLog.class.getName();

    private final Logger logger;
    private final LocationAwareLogger located;

    LevelCheckedLog(Logger logger) {
      this.logger = logger;
      this.located = logger instanceof LocationAwareLogger l ? l : null;
    }

    private void log(int level, Object message, Throwable failure) {
      String text = String.valueOf(message);
      if (located != null) {
        located.log(null, FQCN, level, text, null, failure);
        return;
      }
      switch (level) {
        case LocationAwareLogger.TRACE_INT -> logger.trace(text, failure);
        case LocationAwareLogger.DEBUG_INT -> logger.debug(text, failure);
        case LocationAwareLogger.INFO_INT -> logger.info(text, failure);
        case LocationAwareLogger.WARN_INT -> logger.warn(text, failure);
        default -> logger.error(text, failure);
      }
    }

    @Override
    public boolean isTraceEnabled() {
      return logger.isTraceEnabled();
    }

    @Override
    public boolean isDebugEnabled() {
      return logger.isDebugEnabled();
    }

    @Override
    public boolean isInfoEnabled() {
      return logger.isInfoEnabled();
    }

    @Override
    public boolean isWarnEnabled() {
      return logger.isWarnEnabled();
    }

    @Override
    public boolean isErrorEnabled() {
      return logger.isErrorEnabled();
    }

    @Override
    public boolean isFatalEnabled() {
      return logger.isErrorEnabled();
    }

    @Override
    public void trace(Object message) {
      trace(message, null);
    }

    @Override
    public void trace(Object message, Throwable failure) {
      if (logger.isTraceEnabled()) {
        log(LocationAwareLogger.TRACE_INT, message, failure);
      }
    }

    @Override
    public void debug(Object message) {
      debug(message, null);
    }

    @Override
    public void debug(Object message, Throwable failure) {
      if (logger.isDebugEnabled()) {
        log(LocationAwareLogger.DEBUG_INT, message, failure);
      }
    }

    @Override
    public void info(Object message) {
      info(message, null);
    }

    @Override
    public void info(Object message, Throwable failure) {
      if (logger.isInfoEnabled()) {
        log(LocationAwareLogger.INFO_INT, message, failure);
      }
    }

    @Override
    public void warn(Object message) {
      warn(message, null);
    }

    @Override
    public void warn(Object message, Throwable failure) {
      if (logger.isWarnEnabled()) {
        log(LocationAwareLogger.WARN_INT, message, failure);
      }
    }

    @Override
    public void error(Object message) {
      error(message, null);
    }

    @Override
    public void error(Object message, Throwable failure) {
      if (logger.isErrorEnabled()) {
        log(LocationAwareLogger.ERROR_INT, message, failure);
      }
    }

    @Override
    public void fatal(Object message) {
      error(message, null);
    }

    @Override
    public void fatal(Object message, Throwable failure) {
      error(message, failure);
    }
  }
}
