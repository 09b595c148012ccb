package io.equitoken.platform.web.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class LevelCheckedLogFactoryTest {

  private static final String NAME = "io.equitoken.platform.web.logging.sample";

  private final Logger logback = (Logger) LoggerFactory.getLogger(NAME);

  /** Takes each event's caller data while the logging call is still on the stack. */
  private final ListAppender<ILoggingEvent> appender =
      new ListAppender<>() {
        @Override
        protected void append(ILoggingEvent event) {
          event.getCallerData();
          super.append(event);
        }
      };

  /** A message whose rendering is counted, like Spring's {@code LogMessage}. */
  private final AtomicInteger rendered = new AtomicInteger();

  private final Object message =
      new Object() {
        @Override
        public String toString() {
          rendered.incrementAndGet();
          return "rendered message";
        }
      };

  @BeforeEach
  void attach() {
    appender.start();
    logback.addAppender(appender);
  }

  @AfterEach
  void detach() {
    logback.detachAppender(appender);
    logback.setLevel(null);
  }

  @Test
  void commonsLoggingFindsTheLevelCheckedFactory() {
    assertThat(LogFactory.getFactory()).isInstanceOf(LevelCheckedLogFactory.class);
    assertThat(LogFactory.getLog(NAME)).isInstanceOf(LevelCheckedLogFactory.LevelCheckedLog.class);
  }

  @Test
  void aMessageBelowTheLevelIsNeverRendered() {
    logback.setLevel(Level.INFO);
    Log log = LogFactory.getLog(NAME);

    log.trace(message);
    log.debug(message);
    log.debug(message, new IllegalStateException("ignored"));

    assertThat(rendered).hasValue(0);
    assertThat(appender.list).isEmpty();
  }

  @Test
  void aMessageAtAnEnabledLevelIsLoggedWithItsCallersLocation() {
    logback.setLevel(Level.DEBUG);
    Log log = LogFactory.getLog(NAME);
    IllegalStateException failure = new IllegalStateException("the cause");

    log.debug(message);
    log.warn(message, failure);

    assertThat(rendered).hasValue(2);
    assertThat(appender.list)
        .extracting(ILoggingEvent::getLevel, ILoggingEvent::getFormattedMessage)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(Level.DEBUG, "rendered message"),
            org.assertj.core.groups.Tuple.tuple(Level.WARN, "rendered message"));
    assertThat(appender.list.get(1).getThrowableProxy().getMessage()).isEqualTo("the cause");
    assertThat(appender.list.get(0).getCallerData()[0].getClassName())
        .isEqualTo(LevelCheckedLogFactoryTest.class.getName());
  }
}
