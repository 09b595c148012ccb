package io.equitoken.local;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Command line of {@link Main}: {@code [command] [options]}, each command with its own options and
 * {@code --help}. A mistake is an {@link UsageException}: one line naming it, then the usage.
 */
record Options(
    String command,
    boolean commandGiven,
    int portOffset,
    boolean build,
    boolean yes,
    boolean help,
    Path projectDir) {

  static final List<String> COMMANDS = List.of("up", "status", "clean");

  /** Each command's usage, as {@code --help} prints it. */
  static final Map<String, String> USAGE =
      Map.of(
          "up",
          String.join(
              "\n",
              "usage: ./equitoken up [--port-offset N] [--no-build]",
              "  Builds what is missing, starts PostgreSQL, Kafka and every built service, and",
              "  supervises them: a process that dies is reported and restarted with backoff (at",
              "  most 5 times in a row), then left down with the end of its log printed.",
              "  Ctrl-C stops everything of this installation.",
              "  --port-offset N  add N (a multiple of 10) to every port",
              "  --no-build       start only what is built already"),
          "status",
          String.join(
              "\n",
              "usage: ./equitoken status [--port-offset N]",
              "  What is running, with each service's health and restarts.",
              "  --port-offset N  the offset the platform was started with"),
          "clean",
          String.join(
              "\n",
              "usage: ./equitoken clean [--yes]",
              "  Deletes .local/ (databases, Kafka data, logs, TLS certificate); asks first.",
              "  --yes, -y  do not ask"));

  /** What {@code --help} prints: the command's usage, or every command's without one. */
  String helpText() {
    return commandGiven ? USAGE.get(command) : usage();
  }

  /** The usage of every command. */
  static String usage() {
    StringBuilder text = new StringBuilder("usage: ./equitoken [up|status|clean] [options]\n");
    for (String command : COMMANDS) {
      text.append(USAGE.get(command).replaceFirst("^usage: ", "  ")).append('\n');
    }
    return text.append("  ./equitoken <command> --help prints one command's usage").toString();
  }

  /** A command line that makes no sense: {@link #getMessage()} says why in one line. */
  static final class UsageException extends RuntimeException {
    private final String command;

    UsageException(String command, String problem) {
      super(problem);
      this.command = command;
    }

    /** The usage to print after the problem: the command's, or all of them. */
    String usage() {
      return command == null ? Options.usage() : USAGE.get(command);
    }
  }

  static Options parse(String[] args) {
    String command = null;
    int offset = 0;
    boolean build = true;
    boolean yes = false;
    boolean help = false;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (!arg.startsWith("-")) {
        if (command != null) {
          throw new UsageException(command, "unexpected argument " + arg);
        }
        if (!COMMANDS.contains(arg)) {
          throw new UsageException(null, "unknown command " + arg);
        }
        command = arg;
        continue;
      }
      String effective = command == null ? "up" : command;
      switch (arg) {
        case "--help", "-h" -> help = true;
        case "--port-offset" -> {
          allowedFor(effective, arg, "up", "status");
          if (i + 1 >= args.length) {
            throw new UsageException(effective, "--port-offset needs a number");
          }
          String value = args[++i];
          try {
            offset = Integer.parseInt(value);
          } catch (NumberFormatException e) {
            throw new UsageException(effective, "--port-offset needs a number, not " + value);
          }
        }
        case "--no-build" -> {
          allowedFor(effective, arg, "up");
          build = false;
        }
        case "--yes", "-y" -> {
          allowedFor(effective, arg, "clean");
          yes = true;
        }
        default -> throw new UsageException(effective, "unknown option " + arg);
      }
    }
    String project = System.getProperty("equitoken.project", "");
    return new Options(
        command == null ? "up" : command,
        command != null,
        offset,
        build,
        yes,
        help,
        Path.of(project).toAbsolutePath());
  }

  private static void allowedFor(String command, String option, String... commands) {
    if (!List.of(commands).contains(command)) {
      throw new UsageException(command, "unknown option " + option + " for " + command);
    }
  }
}
