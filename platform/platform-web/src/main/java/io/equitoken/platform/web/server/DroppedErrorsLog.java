package io.equitoken.platform.web.server;

import io.equitoken.platform.web.problem.ProblemWebExceptionHandler;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.web.util.DisconnectedClientHelper;
import reactor.core.publisher.Hooks;

/**
 * Reactor's "Operator called default onErrorDropped" for what a client causes: a stalled body's
 * read or request timeout reaches the request's body once more after the request was answered
 * {@code 408}, and Reactor logs such a dropped error at ERROR with the exception. A client's
 * timeout or disconnect is logged at DEBUG in one line instead, so an attacker stalling bodies
 * cannot fill the ERROR alerting; every other dropped error stays ERROR with its stack trace.
 */
final class DroppedErrorsLog implements InitializingBean {

  private static final Logger log = LoggerFactory.getLogger(DroppedErrorsLog.class);

  /** Reactor's hooks add up; one per JVM, whatever the number of application contexts. */
  private static final AtomicBoolean INSTALLED = new AtomicBoolean();

  @Override
  public void afterPropertiesSet() {
    if (INSTALLED.compareAndSet(false, true)) {
      Hooks.onErrorDropped(DroppedErrorsLog::dropped);
    }
  }

  static void dropped(Throwable error) {
    if (ProblemWebExceptionHandler.bodyTimeout(error) != null
        || DisconnectedClientHelper.isClientDisconnectedException(error)) {
      if (log.isDebugEnabled()) {
        log.debug("Dropped after the answer (the client's doing): {}", error.toString());
      }
      return;
    }
    log.error("Operator called default onErrorDropped", error);
  }
}
