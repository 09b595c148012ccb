package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HealthStatusTest {

  @Test
  void shouldReadUp() {
    assertThat(HealthStatus.isUp("{\"status\":\"UP\"}")).isTrue();
  }

  @Test
  void shouldReadTheTopLevelStatusNotAComponentOne() {
    String json =
        """
        {"components":{"db":{"status":"UP"},"kafka":{"status":"UP"}},
         "groups":["liveness","readiness"], "status" : "DOWN"}
        """;

    assertThat(HealthStatus.topLevelStatus(json)).contains("DOWN");
    assertThat(HealthStatus.isUp(json)).isFalse();
  }

  @Test
  void shouldBeUpWhenTopLevelIsUpAndAComponentIsDown() {
    String json = "{\"status\":\"UP\",\"components\":{\"mail\":{\"status\":\"DOWN\"}}}";

    assertThat(HealthStatus.isUp(json)).isTrue();
  }

  @Test
  void shouldIgnoreStatusInsideStringValues() {
    String json = "{\"detail\":\"\\\"status\\\":\\\"UP\\\"\",\"status\":\"OUT_OF_SERVICE\"}";

    assertThat(HealthStatus.topLevelStatus(json)).contains("OUT_OF_SERVICE");
  }

  @Test
  void shouldNotBeUpForGarbage() {
    assertThat(HealthStatus.isUp(null)).isFalse();
    assertThat(HealthStatus.isUp("")).isFalse();
    assertThat(HealthStatus.isUp("<html>UP</html>")).isFalse();
    assertThat(HealthStatus.isUp("{\"status\":\"UP")).isFalse();
  }
}
