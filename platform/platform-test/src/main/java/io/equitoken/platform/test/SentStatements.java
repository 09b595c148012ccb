package io.equitoken.platform.test;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * The SQL statements this JVM's R2DBC PostgreSQL driver sends while capturing, from the driver's
 * query log ({@code io.r2dbc.postgresql.QUERY} at DEBUG, kept out of the test's output): for tests
 * that pin how many statements some work costs, so that a return to one statement per event fails.
 *
 * <pre>
 * try (SentStatements sent = SentStatements.capture()) {
 *   ... the work ...
 *   assertThat(sent.matching("insert into delivery (")).isEqualTo(1);
 * }
 * </pre>
 */
public final class SentStatements implements AutoCloseable {

  private static final String QUERY_LOG = "io.r2dbc.postgresql.QUERY";

  private final Logger queries = (Logger) LoggerFactory.getLogger(QUERY_LOG);
  private final ListAppender<ILoggingEvent> sent = new ListAppender<>();
  private final Level level;

  private SentStatements() {
    level = queries.getLevel();
    sent.start();
    queries.addAppender(sent);
    queries.setAdditive(false);
    queries.setLevel(Level.DEBUG);
  }

  /** Starts capturing; close to stop. */
  public static SentStatements capture() {
    return new SentStatements();
  }

  /** Every statement sent so far, in order (the driver's log line of each). */
  public List<String> all() {
    synchronized (sent.list) {
      return sent.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }
  }

  /** How many statements sent so far contain {@code text}. */
  public long matching(String text) {
    return all().stream().filter(statement -> statement.contains(text)).count();
  }

  @Override
  public void close() {
    queries.setLevel(level);
    queries.setAdditive(true);
    queries.detachAppender(sent);
    sent.stop();
  }
}
