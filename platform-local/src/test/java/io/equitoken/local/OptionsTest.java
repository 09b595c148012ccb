package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OptionsTest {

  private final ByteArrayOutputStream output = new ByteArrayOutputStream();

  private int run(String... args) throws Exception {
    return Main.run(args, new PrintStream(output, true, StandardCharsets.UTF_8));
  }

  private String printed() {
    return output.toString(StandardCharsets.UTF_8);
  }

  @ParameterizedTest
  @ValueSource(strings = {"up", "status", "clean"})
  void shouldPrintEachCommandsUsageOnHelp(String command) throws Exception {
    assertThat(run(command, "--help")).isZero();
    assertThat(printed()).startsWith("usage: ./equitoken " + command);
  }

  @Test
  void shouldPrintEveryCommandsUsageOnHelpAlone() throws Exception {
    assertThat(run("-h")).isZero();
    assertThat(printed()).contains("up [--port-offset N]", "status", "clean [--yes]");
  }

  @Test
  void shouldNameAnUnknownOptionInOneLineThenPrintTheUsage() throws Exception {
    assertThat(run("clean", "--force")).isEqualTo(64);
    assertThat(printed().lines().toList()).first().isEqualTo("unknown option --force");
    assertThat(printed().lines().skip(1).findFirst()).contains("usage: ./equitoken clean [--yes]");
  }

  @Test
  void shouldRefuseAnOptionOfAnotherCommand() throws Exception {
    assertThat(run("status", "--no-build")).isEqualTo(64);
    assertThat(printed()).startsWith("unknown option --no-build for status\n");
  }

  @Test
  void shouldRefuseAPortOffsetThatIsNotANumber() throws Exception {
    assertThat(run("up", "--port-offset", "ten")).isEqualTo(64);
    assertThat(printed()).startsWith("--port-offset needs a number, not ten\n");
    assertThat(printed()).doesNotContain("Exception");
  }

  @Test
  void shouldRefuseAnUnknownCommand() throws Exception {
    assertThat(run("restart")).isEqualTo(64);
    assertThat(printed())
        .startsWith("unknown command restart\nusage: ./equitoken [up|status|clean]");
  }

  @Test
  void shouldParseTheOptionsOfEachCommand() {
    Options up = Options.parse(new String[] {"--port-offset", "100", "--no-build"});
    assertThat(up.command()).isEqualTo("up");
    assertThat(up.portOffset()).isEqualTo(100);
    assertThat(up.build()).isFalse();
    assertThat(Options.parse(new String[] {"clean", "-y"}).yes()).isTrue();
  }
}
