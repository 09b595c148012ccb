package io.equitoken.benchmarks.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlatformCpuTest {

  @Test
  void shouldReportJitCompilationBesideTheTotalNotAsAProcess() {
    // given: two processes, 30 ms of whose 100 were their JIT compiler threads, over 10 orders
    Map<String, Long> cpu = Map.of("gateway", 40L, "kafka", 60L, PlatformCpu.JIT, 30L);

    // when
    List<String> table =
        PlatformCpu.table("process", List.of("per order"), List.of(cpu), List.of(10.0), null);

    // then
    assertThat(PlatformCpu.total(cpu)).isEqualTo(100);
    assertThat(table)
        .containsExactly(
            "| process | per order |",
            "|---|---|",
            "| gateway | 4.00 |",
            "| kafka | 6.00 |",
            "| **platform total** | **10** |",
            "| of which JIT compilation | 3.00 |",
            "| **platform total without JIT compilation** | **7.00** |");
  }

  @Test
  void shouldLeaveTheJitLinesOutWhenNothingWasCounted() {
    List<String> table =
        PlatformCpu.table(
            "process", List.of("per s"), List.of(Map.of("kafka", 12L)), List.of(1.0), null);

    assertThat(table).noneMatch(line -> line.contains("JIT"));
  }

  @Test
  void shouldCountNothingWhereNoPlatformRuns(@TempDir Path home) throws Exception {
    Files.createDirectories(home.resolve("postgres"));

    assertThat(new PlatformCpu(home).sample()).isEmpty();
  }
}
