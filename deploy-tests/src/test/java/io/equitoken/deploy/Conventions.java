package io.equitoken.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The module table of docs/conventions.md, the single source of names, ports and databases. */
record Conventions(List<Module> modules) {

  /** One row: a runnable service has a port; a service with its own data has a database. */
  record Module(String name, String kind, Integer port, String database) {

    boolean isService() {
      return port != null;
    }

    boolean isSpringBootKind() {
      return kind.contains("Spring Boot") || kind.contains("Spring Cloud Gateway");
    }
  }

  static Conventions read(Path repositoryRoot) {
    Path file = repositoryRoot.resolve("docs/conventions.md");
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Module> modules = new ArrayList<>();
    boolean inTable = false;
    for (String line : lines) {
      if (line.startsWith("| directory / artifactId")) {
        inTable = true;
        continue;
      }
      if (inTable && !line.startsWith("|")) {
        break;
      }
      if (inTable && !line.startsWith("|---")) {
        String[] cells = line.split("\\|");
        String name = cells[1].trim().replace("`", "");
        String kind = cells[2].trim();
        String portCell = cells[3].trim().replaceAll("[^0-9 ].*", "").trim();
        Integer port = portCell.isEmpty() ? null : Integer.valueOf(portCell);
        String database = cells[4].trim().replace("`", "");
        modules.add(new Module(name, kind, port, "–".equals(database) ? null : database));
      }
    }
    if (modules.isEmpty()) {
      throw new IllegalStateException("no module table found in " + file);
    }
    return new Conventions(List.copyOf(modules));
  }

  Optional<Module> module(String name) {
    return modules.stream().filter(m -> m.name().equals(name)).findFirst();
  }

  List<Module> services() {
    return modules.stream().filter(Module::isService).toList();
  }
}
