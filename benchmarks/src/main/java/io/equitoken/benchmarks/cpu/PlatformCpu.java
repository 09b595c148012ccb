package io.equitoken.benchmarks.cpu;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * CPU time (user + system, from {@code /proc/<pid>/stat}) of every process of a platform started by
 * {@code ./equitoken up}: each service and Kafka (recognised by {@code -Dequitoken.local.home=<its
 * .local>} on their command line) and PostgreSQL (the postmaster of {@code
 * <.local>/postgres/postmaster.pid}, its live children, and the CPU of the children it has already
 * reaped). Process CPU time is the figure a shared machine's noise hardly moves: another build
 * slows a request down but does not make it cost more CPU.
 *
 * <p>The JVMs' JIT compiler threads ({@code C1/C2 CompilerThread}) are also counted on their own,
 * under {@link #JIT}: the rows include them, and the tables add "of which JIT compilation" and the
 * total without it. A figure measured while the JVMs still compile what the load made hot is not a
 * warm figure; the JIT line says how far from warm a run was.
 *
 * <p>From the shell ({@code java -cp benchmarks.jar io.equitoken.benchmarks.cpu.PlatformCpu}):
 *
 * <pre>
 * snapshot [--home=.local] FILE           writes "name ticks" lines of now into FILE
 * per BEFORE AFTER UNITS UNIT [GENERATOR_MS] a Markdown table: CPU ms per unit, per process and total
 * idle SECONDS [--home=.local]            samples, waits, samples: ms of CPU per second per process
 * </pre>
 */
public final class PlatformCpu {

  /** The key of the JIT compiler threads' CPU (part of their processes' rows, not a process). */
  public static final String JIT = "jit-compilation";

  private static final String MARKER = "-Dequitoken.local.home=";
  private static final long HZ = 100; // USER_HZ, the unit of utime and stime on Linux

  private final Path home;

  public PlatformCpu(Path home) {
    this.home = home.toAbsolutePath().normalize();
  }

  /** CPU milliseconds so far, by process name; empty when the platform is not running. */
  public Map<String, Long> sample() {
    Map<String, Long> ms = new TreeMap<>();
    long postmaster = postmasterPid();
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      for (Path proc : procs.toList()) {
        String pid = proc.getFileName().toString();
        if (!pid.chars().allMatch(Character::isDigit)) {
          continue;
        }
        Stat stat = Stat.read(proc);
        if (stat == null) {
          continue;
        }
        String name = null;
        long ticks = stat.utime + stat.stime;
        if (postmaster > 0 && Long.parseLong(pid) == postmaster) {
          name = "postgresql";
          ticks += stat.cutime + stat.cstime; // backends and workers it has reaped
        } else if (postmaster > 0 && stat.ppid == postmaster) {
          name = "postgresql";
        } else {
          name = platformJava(proc);
          if (name != null) {
            ms.merge(JIT, compilerTicks(proc) * 1000 / HZ, Long::sum);
          }
        }
        if (name != null) {
          ms.merge(name, ticks * 1000 / HZ, Long::sum);
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot read /proc: " + e.getMessage(), e);
    }
    return ms;
  }

  /** CPU ticks of a JVM's JIT compiler threads (their names start "C1 " or "C2 CompilerThre"). */
  private static long compilerTicks(Path proc) {
    long ticks = 0;
    try (Stream<Path> tasks = Files.list(proc.resolve("task"))) {
      for (Path task : tasks.toList()) {
        String comm;
        try {
          comm = Files.readString(task.resolve("comm"));
        } catch (IOException e) {
          continue; // gone meanwhile
        }
        if (comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre")) {
          Stat stat = Stat.read(task);
          ticks += stat == null ? 0 : stat.utime + stat.stime;
        }
      }
    } catch (IOException | RuntimeException e) {
      return ticks; // the process is gone
    }
    return ticks;
  }

  /** This JVM's own CPU milliseconds (the load generator's). */
  public static long selfMs() {
    return Math.max(0, cpuMs(Path.of("/proc/self")));
  }

  /** A process's CPU milliseconds so far, or -1 once it is gone. */
  public static long processMs(long pid) {
    return cpuMs(Path.of("/proc/" + pid));
  }

  private static long cpuMs(Path proc) {
    Stat stat = Stat.read(proc);
    return stat == null ? -1 : (stat.utime + stat.stime) * 1000 / HZ;
  }

  private long postmasterPid() {
    try {
      List<String> lines = Files.readAllLines(home.resolve("postgres/postmaster.pid"));
      return lines.isEmpty() ? -1 : Long.parseLong(lines.get(0).trim());
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }

  /** "kafka" or the service's module (from its jar's name) if the process is ours, else null. */
  private String platformJava(Path proc) {
    byte[] raw;
    try {
      raw = Files.readAllBytes(proc.resolve("cmdline"));
    } catch (IOException e) {
      return null;
    }
    String[] args = new String(raw, StandardCharsets.UTF_8).split("\0");
    boolean ours = false;
    for (String arg : args) {
      if (arg.startsWith(MARKER)
          && Path.of(arg.substring(MARKER.length())).toAbsolutePath().normalize().equals(home)) {
        ours = true;
        break;
      }
    }
    if (!ours) {
      return null;
    }
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("kafka.Kafka")) {
        return "kafka";
      }
      if (args[i].equals("-jar") && i + 1 < args.length) {
        String jar = Path.of(args[i + 1]).getFileName().toString();
        return jar.endsWith(".jar") ? jar.substring(0, jar.length() - 4) : jar;
      }
    }
    return "other";
  }

  /** The fields of {@code /proc/<pid>/stat} this needs (the name may hold spaces and parens). */
  private record Stat(long ppid, long utime, long stime, long cutime, long cstime) {

    static Stat read(Path proc) {
      String line;
      try {
        line = Files.readString(proc.resolve("stat"));
      } catch (IOException | RuntimeException e) {
        return null; // gone meanwhile
      }
      String[] f = line.substring(line.lastIndexOf(')') + 2).trim().split(" ");
      // after "pid (comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt
      // cmajflt utime stime cutime cstime
      return new Stat(
          Long.parseLong(f[1]),
          Long.parseLong(f[11]),
          Long.parseLong(f[12]),
          Long.parseLong(f[13]),
          Long.parseLong(f[14]));
    }
  }

  /** The difference of two samples, process by process (processes of either sample). */
  public static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
    Map<String, Long> d = new TreeMap<>();
    after.forEach((k, v) -> d.put(k, v - before.getOrDefault(k, 0L)));
    before.keySet().forEach(k -> d.putIfAbsent(k, -before.get(k)));
    return d;
  }

  /** Every process's CPU together (the JIT key is part of them, not added again). */
  public static long total(Map<String, Long> ms) {
    return ms.entrySet().stream()
        .filter(e -> !e.getKey().equals(JIT))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }

  /**
   * A Markdown table, one row per process and a total: each column is one measurement (its header,
   * its CPU ms by process, and the divisor: units of work or seconds). The JVMs' JIT compilation
   * (part of the rows) follows the total, and the total without it. The load generator, if given,
   * is reported below and not in either total.
   */
  public static List<String> table(
      String rowHeader,
      List<String> headers,
      List<Map<String, Long>> cpu,
      List<Double> per,
      List<Long> generatorMs) {
    List<String> names = new ArrayList<>();
    cpu.forEach(
        m ->
            m.keySet().stream()
                .filter(k -> !names.contains(k) && !k.equals(JIT))
                .forEach(names::add));
    names.sort(null);
    List<String> out = new ArrayList<>();
    out.add("| " + rowHeader + " | " + String.join(" | ", headers) + " |");
    out.add("|---" + "|---".repeat(headers.size()) + "|");
    for (String name : names) {
      StringBuilder row = new StringBuilder("| " + name);
      for (int i = 0; i < cpu.size(); i++) {
        row.append(" | ").append(ratio(cpu.get(i).getOrDefault(name, 0L), per.get(i)));
      }
      out.add(row.append(" |").toString());
    }
    StringBuilder total = new StringBuilder("| **platform total**");
    for (int i = 0; i < cpu.size(); i++) {
      total.append(" | **").append(ratio(total(cpu.get(i)), per.get(i))).append("**");
    }
    out.add(total.append(" |").toString());
    if (cpu.stream().anyMatch(m -> m.containsKey(JIT))) {
      StringBuilder jit = new StringBuilder("| of which JIT compilation");
      StringBuilder warm = new StringBuilder("| **platform total without JIT compilation**");
      for (int i = 0; i < cpu.size(); i++) {
        long compiling = cpu.get(i).getOrDefault(JIT, 0L);
        jit.append(" | ").append(ratio(compiling, per.get(i)));
        warm.append(" | **").append(ratio(total(cpu.get(i)) - compiling, per.get(i))).append("**");
      }
      out.add(jit.append(" |").toString());
      out.add(warm.append(" |").toString());
    }
    if (generatorMs != null) {
      StringBuilder gen = new StringBuilder("| load generator (not in the total)");
      for (int i = 0; i < cpu.size(); i++) {
        gen.append(" | ").append(ratio(generatorMs.get(i), per.get(i)));
      }
      out.add(gen.append(" |").toString());
    }
    return out;
  }

  private static String ratio(long ms, double per) {
    if (per <= 0) {
      return "–";
    }
    double r = ms / per;
    return r >= 10 ? String.format("%.0f", r) : String.format("%.2f", r);
  }

  private static Map<String, Long> readSnapshot(Path file) throws IOException {
    Map<String, Long> ms = new LinkedHashMap<>();
    for (String line : Files.readAllLines(file)) {
      String[] f = line.trim().split(" ");
      if (f.length == 2) {
        ms.put(f[0], Long.parseLong(f[1]));
      }
    }
    return ms;
  }

  public static void main(String[] args) throws Exception {
    List<String> positional = new ArrayList<>();
    Path home = Path.of(".local");
    for (String a : args) {
      if (a.startsWith("--home=")) {
        home = Path.of(a.substring("--home=".length()));
      } else {
        positional.add(a);
      }
    }
    if (positional.isEmpty()) {
      throw new IllegalArgumentException(
          "snapshot FILE | per BEFORE AFTER UNITS UNIT | idle SECONDS");
    }
    PlatformCpu cpu = new PlatformCpu(home);
    switch (positional.get(0)) {
      case "snapshot" -> {
        StringBuilder b = new StringBuilder();
        cpu.sample().forEach((k, v) -> b.append(k).append(' ').append(v).append('\n'));
        Files.writeString(Path.of(positional.get(1)), b);
      }
      case "per" -> {
        Map<String, Long> d =
            delta(
                readSnapshot(Path.of(positional.get(1))), readSnapshot(Path.of(positional.get(2))));
        double units = Double.parseDouble(positional.get(3));
        List<Long> generator =
            positional.size() > 5 ? List.of(Long.parseLong(positional.get(5))) : null;
        table(
                "process",
                List.of("CPU ms per " + positional.get(4)),
                List.of(d),
                List.of(units),
                generator)
            .forEach(System.out::println);
      }
      case "idle" -> {
        long seconds = Long.parseLong(positional.get(1));
        if (seconds < 1 || seconds > 600) {
          throw new IllegalArgumentException("1 to 600 seconds");
        }
        Map<String, Long> before = cpu.sample();
        long start = System.nanoTime();
        Thread.sleep(seconds * 1000);
        double elapsed = (System.nanoTime() - start) / 1e9;
        table(
                "process",
                List.of("idle CPU ms per s (" + seconds + " s)"),
                List.of(delta(before, cpu.sample())),
                List.of(elapsed),
                null)
            .forEach(System.out::println);
      }
      default -> throw new IllegalArgumentException("unknown: " + positional.get(0));
    }
  }
}
