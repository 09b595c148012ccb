package io.equitoken.platform.web.problem;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.MethodParameter;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.server.ServerErrorException;
import reactor.netty.channel.AbortedException;

/** What an operator sees in the log for an exception that reaches the web layer. */
class ProblemWebExceptionHandlerTest {

  private final ProblemWebExceptionHandler handler = new ProblemWebExceptionHandler();
  private final Logger log = (Logger) LoggerFactory.getLogger(ProblemWebExceptionHandler.class);
  private final ListAppender<ILoggingEvent> events = new ListAppender<>();
  private Level levelBefore;

  @BeforeEach
  void capture() {
    levelBefore = log.getLevel();
    log.setLevel(Level.DEBUG);
    events.start();
    log.addAppender(events);
  }

  @AfterEach
  void release() {
    log.detachAppender(events);
    log.setLevel(levelBefore);
  }

  private static MockServerWebExchange exchange() {
    return MockServerWebExchange.from(MockServerHttpRequest.get("/listings/1"));
  }

  @Test
  void shouldLogAClientThatWentAwayBeforeTheAnswerAtDebugWithoutStackTrace() {
    handler.handle(exchange(), AbortedException.beforeSend()).block();

    assertThat(events.list).hasSize(1);
    ILoggingEvent event = events.list.get(0);
    assertThat(event.getLevel()).isEqualTo(Level.DEBUG);
    assertThat(event.getThrowableProxy()).isNull();
    assertThat(event.getFormattedMessage())
        .contains("GET /listings/1")
        .contains("Connection has been closed BEFORE send operation");
  }

  @Test
  void shouldLogConnectionResetsAndBrokenPipesAtDebugWithoutStackTrace() {
    handler.handle(exchange(), new IOException("Connection reset by peer")).block();
    handler
        .handle(
            exchange(), new IllegalStateException("write failed", new IOException("Broken pipe")))
        .block();
    handler.handle(exchange(), new AbortedException("Connection has been closed")).block();

    assertThat(events.list).hasSize(3);
    assertThat(events.list).allSatisfy(e -> assertThat(e.getLevel()).isEqualTo(Level.DEBUG));
    assertThat(events.list).allSatisfy(e -> assertThat(e.getThrowableProxy()).isNull());
  }

  @Test
  void shouldWriteNothingToAClientThatWentAway() {
    MockServerWebExchange exchange = exchange();

    handler.handle(exchange, AbortedException.beforeSend()).block();

    assertThat(exchange.getResponse().isCommitted()).isFalse();
  }

  @Test
  void shouldStillLogUnexpectedErrorsWithTheirStackTrace() {
    MockServerWebExchange exchange = exchange();

    handler.handle(exchange, new IllegalStateException("a real bug")).block();

    assertThat(events.list).hasSize(1);
    ILoggingEvent event = events.list.get(0);
    assertThat(event.getLevel()).isEqualTo(Level.ERROR);
    assertThat(event.getThrowableProxy()).isNotNull();
    assertThat(event.getThrowableProxy().getMessage()).isEqualTo("a real bug");
    assertThat(exchange.getResponse().getStatusCode().value()).isEqualTo(500);
  }

  @SuppressWarnings("unused")
  void subscription(@PathVariable UUID id) {}

  /** A blank segment for a UUID id ("/x/%20") became a 500 (webhook-service's InputFuzzIT). */
  @Test
  void shouldAnswerA400NamingAPathVariableThatConvertedToNothing() throws NoSuchMethodException {
    MethodParameter id =
        new MethodParameter(getClass().getDeclaredMethod("subscription", UUID.class), 0);
    id.initParameterNameDiscovery(new DefaultParameterNameDiscoverer());

    Problem problem =
        ProblemWebExceptionHandler.toProblem(new ServerErrorException("id", id, null));

    assertThat(problem.status()).isEqualTo(400);
    assertThat(problem.properties()).containsEntry("field", "id");
  }
}
