package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.StandardEnvironment;

class ReactorNettyWorkaroundsTest {

  private final String before = System.getProperty(ReactorNettyWorkarounds.LAST_FLUSH_WHEN_NO_READ);

  @AfterEach
  void restore() {
    if (before == null) {
      System.clearProperty(ReactorNettyWorkarounds.LAST_FLUSH_WHEN_NO_READ);
    } else {
      System.setProperty(ReactorNettyWorkarounds.LAST_FLUSH_WHEN_NO_READ, before);
    }
  }

  @Test
  void shouldTurnOnTheKeepAliveWorkaroundWhenNothingIsConfigured() {
    System.clearProperty(ReactorNettyWorkarounds.LAST_FLUSH_WHEN_NO_READ);

    new ReactorNettyWorkarounds()
        .postProcessEnvironment(new StandardEnvironment(), new SpringApplication());

    assertThat(System.getProperty(ReactorNettyWorkarounds.LAST_FLUSH_WHEN_NO_READ))
        .isEqualTo("true");
  }

  @Test
  void shouldLeaveAnExplicitSettingAlone() {
    System.setProperty(ReactorNettyWorkarounds.LAST_FLUSH_WHEN_NO_READ, "false");

    new ReactorNettyWorkarounds()
        .postProcessEnvironment(new StandardEnvironment(), new SpringApplication());

    assertThat(System.getProperty(ReactorNettyWorkarounds.LAST_FLUSH_WHEN_NO_READ))
        .isEqualTo("false");
  }
}
