package io.equitoken.local;

import java.nio.file.Path;

/** Command line of {@link Main}. */
record Options(String command, int portOffset, boolean build, boolean yes, Path projectDir) {

  static Options parse(String[] args) {
    String command = "up";
    int offset = 0;
    boolean build = true;
    boolean yes = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--port-offset" -> {
          if (i + 1 >= args.length) {
            throw new IllegalArgumentException("--port-offset needs a number");
          }
          offset = Integer.parseInt(args[++i]);
        }
        case "--no-build" -> build = false;
        case "--yes", "-y" -> yes = true;
        default -> {
          if (args[i].startsWith("-")) {
            throw new IllegalArgumentException("unknown option " + args[i]);
          }
          command = args[i];
        }
      }
    }
    String project = System.getProperty("equitoken.project", "");
    return new Options(command, offset, build, yes, Path.of(project).toAbsolutePath());
  }
}
