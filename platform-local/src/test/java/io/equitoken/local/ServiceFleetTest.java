package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServiceFleetTest {

  private final List<String> events = new ArrayList<>();

  @Test
  void shouldKeepAtMostThreeStartingAndAwaitThemInLaunchOrder() {
    ServiceFleet.inWaves(
        List.of("a", "b", "c", "d", "e"), 3, this::launch, name -> events.add("await " + name));

    assertThat(events)
        .containsExactly(
            "launch a",
            "launch b",
            "launch c",
            "await a",
            "launch d",
            "await b",
            "launch e",
            "await c",
            "await d",
            "await e");
  }

  @Test
  void shouldStartOneAfterAnotherWhenOneAtATime() {
    ServiceFleet.inWaves(List.of("a", "b"), 1, this::launch, name -> events.add("await " + name));

    assertThat(events).containsExactly("launch a", "await a", "launch b", "await b");
  }

  @Test
  void shouldPassOverWhatIsNotBuiltWithoutWaitingForIt() {
    ServiceFleet.inWaves(
        List.of("a", "unbuilt", "b", "c"),
        2,
        name -> name.equals("unbuilt") ? Optional.empty() : launch(name),
        name -> events.add("await " + name));

    assertThat(events)
        .containsExactly("launch a", "launch b", "await a", "launch c", "await b", "await c");
  }

  @Test
  void shouldLaunchNothingMoreOnceAWaitFails() {
    assertThatThrownBy(
            () ->
                ServiceFleet.inWaves(
                    List.of("a", "b", "c"),
                    1,
                    this::launch,
                    name -> {
                      throw new LaunchException(name + " exited with code 1", null, List.of());
                    }))
        .isInstanceOf(LaunchException.class)
        .hasMessage("a exited with code 1");

    assertThat(events).containsExactly("launch a");
  }

  private Optional<String> launch(String name) {
    events.add("launch " + name);
    return Optional.of(name);
  }
}
