package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.security.web.server.ObservationWebFilterChainDecorator;
import org.springframework.security.web.server.WebFilterChainProxy;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.util.ReflectionTestUtils;

/**
 * A service's request path carries no observations nobody reads (platform defaults): neither Spring
 * Security's per-filter observations (nor their per-request wrappers) nor the per-exchange one.
 */
@SpringBootTest(
    classes = WebTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
class RequestPathObservationsIT {

  @DynamicPropertySource
  static void jwt(DynamicPropertyRegistry registry) {
    TestJwtIssuer.register(registry);
    TestInfrastructure.registerDatabase(registry, "platformweb");
  }

  @Autowired ObservationRegistry observations;

  @Test
  void shouldNotObserveTheSecurityFilterChainOrTheExchange() {
    assertThat(Observation.start("spring.security.filterchains", observations).isNoop()).isTrue();
    assertThat(Observation.start("spring.security.authentications", observations).isNoop())
        .isTrue();
    assertThat(Observation.start("http.server.requests", observations).isNoop()).isTrue();
  }

  @Autowired WebFilterChainProxy securityFilterChain;

  @Test
  void shouldNotWrapTheSecurityFiltersInObservationDecoratorsEither() {
    assertThat(ReflectionTestUtils.getField(securityFilterChain, "filterChainDecorator"))
        .isNotInstanceOf(ObservationWebFilterChainDecorator.class);
  }
}
