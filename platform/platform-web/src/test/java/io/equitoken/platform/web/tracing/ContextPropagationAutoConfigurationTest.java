package io.equitoken.platform.web.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.context.ContextRegistry;
import io.micrometer.context.ThreadLocalAccessor;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.security.core.context.SecurityContext;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

class ContextPropagationAutoConfigurationTest {

  @BeforeAll
  static void automaticPropagation() {
    Hooks.enableAutomaticContextPropagation();
  }

  @AfterAll
  static void reset() {
    Hooks.disableAutomaticContextPropagation();
  }

  @Test
  void springSecuritysThreadLocalAccessorsAreNotRestoredAtEveryHop() throws Exception {
    // given Spring Security's accessors, which ServiceLoader registers with every registry
    assertThat(keys(new ContextRegistry().loadThreadLocalAccessors()))
        .contains(ContextPropagationAutoConfiguration.SECURITY_CONTEXT_KEYS);

    // when the platform's auto-configuration is loaded
    Class.forName(ContextPropagationAutoConfiguration.class.getName());

    // then they are gone, and the platform's own accessors are not touched
    assertThat(keys()).doesNotContain(ContextPropagationAutoConfiguration.SECURITY_CONTEXT_KEYS);
    assertThat(keys()).contains(ObservationThreadLocalAccessor.KEY);
  }

  @Test
  void theCallerIsStillReadFromTheReactorContextOnAnotherThread() throws Exception {
    Class.forName(ContextPropagationAutoConfiguration.class.getName());
    Authentication caller = new TestingAuthenticationToken("inv-alice", "n/a", "ROLE_investor");

    Authentication seen =
        Mono.just("work")
            .publishOn(Schedulers.boundedElastic())
            .flatMap(work -> ReactiveSecurityContextHolder.getContext())
            .map(SecurityContext::getAuthentication)
            .contextWrite(ReactiveSecurityContextHolder.withAuthentication(caller))
            .block(Duration.ofSeconds(5));

    assertThat(seen).isSameAs(caller);
  }

  private static Object[] keys() {
    return keys(ContextRegistry.getInstance());
  }

  private static Object[] keys(ContextRegistry registry) {
    return registry.getThreadLocalAccessors().stream().map(ThreadLocalAccessor::key).toArray();
  }
}
