package io.equitoken.contracts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Collects the problem codes a module's main sources can answer: every call of a refusal or problem
 * factory ({@code Refusal.notFound("listing-not-found", …)}, {@code Refusal.of(Kind.CONFLICT, …)},
 * {@code ProblemException.badRequest(…)}, {@code Problem.of(404, …)}) with its status and the extra
 * members chained on it ({@code .with("nextStep", …)}). A code passed through a helper's {@code
 * String} parameter ({@code gate("gate-kyc-required", …)}) is found at the helper's call sites; a
 * code that is neither is reported as unresolved, so that the coverage test cannot silently miss
 * it.
 */
final class ProblemCodeScanner {

  /** One place a code is emitted; {@code status} is 0 when the source does not say. */
  record Emitted(String module, String code, int status, Set<String> members, String where) {}

  /** A refusal whose code the scanner could not read. */
  record Unresolved(String module, String where, String call) {}

  record Scan(List<Emitted> emitted, List<Unresolved> unresolved) {}

  private static final Pattern CALL =
      Pattern.compile(
          "\\b(Refusal|ProblemException|Problem)\\s*\\.\\s*(of|badRequest|unauthorized|forbidden"
              + "|notFound|conflict|gone|unprocessable|unsupportedMediaType|payloadTooLarge"
              + "|tooManyRequests|unavailable)\\s*\\(|\\bnew\\s+ProblemException\\s*\\(");

  /** The factories' own sources: they pass codes through, they do not choose them. */
  static final Set<String> DEFINITIONS =
      Set.of("Refusal.java", "RefusedException.java", "Problem.java", "ProblemException.java");

  private static final Pattern LITERAL = Pattern.compile("^\"([^\"\\\\]*)\"$");
  private static final Pattern IDENTIFIER = Pattern.compile("^[a-z][A-Za-z0-9]*$");
  private static final Pattern KIND = Pattern.compile("Kind\\.([A-Z_]+)");
  private static final Pattern HTTP_STATUS = Pattern.compile("HttpStatus\\.([A-Z_]+)");
  private static final Pattern MEMBER = Pattern.compile("\"([a-zA-Z][A-Za-z0-9]*)\"");
  private static final Pattern CHAINED =
      Pattern.compile("^\\s*\\.\\s*(withField|exception|with)\\s*\\(");

  static final Map<String, Integer> FACTORY_STATUS =
      Map.ofEntries(
          Map.entry("badRequest", 400),
          Map.entry("unauthorized", 401),
          Map.entry("forbidden", 403),
          Map.entry("notFound", 404),
          Map.entry("conflict", 409),
          Map.entry("gone", 410),
          Map.entry("payloadTooLarge", 413),
          Map.entry("unsupportedMediaType", 415),
          Map.entry("unprocessable", 422),
          Map.entry("tooManyRequests", 429),
          Map.entry("unavailable", 503));

  static final Map<String, Integer> KIND_STATUS =
      Map.ofEntries(
          Map.entry("BAD_REQUEST", 400),
          Map.entry("UNAUTHORIZED", 401),
          Map.entry("FORBIDDEN", 403),
          Map.entry("NOT_FOUND", 404),
          Map.entry("METHOD_NOT_ALLOWED", 405),
          Map.entry("CONFLICT", 409),
          Map.entry("GONE", 410),
          Map.entry("PRECONDITION_FAILED", 412),
          Map.entry("PAYLOAD_TOO_LARGE", 413),
          Map.entry("CONTENT_TOO_LARGE", 413),
          Map.entry("UNSUPPORTED_MEDIA_TYPE", 415),
          Map.entry("UNPROCESSABLE", 422),
          Map.entry("UNPROCESSABLE_CONTENT", 422),
          Map.entry("UNPROCESSABLE_ENTITY", 422),
          Map.entry("TOO_MANY_REQUESTS", 429),
          Map.entry("INTERNAL_SERVER_ERROR", 500),
          Map.entry("UNAVAILABLE", 503),
          Map.entry("SERVICE_UNAVAILABLE", 503));

  private ProblemCodeScanner() {}

  static Scan scan(String module, Path sources) {
    List<Emitted> emitted = new ArrayList<>();
    List<Unresolved> unresolved = new ArrayList<>();
    if (!Files.isDirectory(sources)) {
      return new Scan(emitted, unresolved);
    }
    Map<Path, String> texts = new java.util.TreeMap<>();
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        texts.put(file, withoutComments(Files.readString(file)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (var file : texts.entrySet()) {
      if (!DEFINITIONS.contains(file.getKey().getFileName().toString())) {
        scanFile(module, file.getKey(), file.getValue(), texts, emitted, unresolved);
      }
    }
    return new Scan(emitted, unresolved);
  }

  private static void scanFile(
      String module,
      Path file,
      String text,
      Map<Path, String> texts,
      List<Emitted> emitted,
      List<Unresolved> unresolved) {
    Matcher call = CALL.matcher(text);
    while (call.find()) {
      int open = call.end() - 1;
      int close = closing(text, open);
      if (close < 0) {
        continue;
      }
      List<String> args = arguments(text.substring(open + 1, close));
      String where = file.getFileName() + ":" + line(text, call.start());
      if (isDefinition(text, call.start()) || args.isEmpty()) {
        continue;
      }
      int status = status(call.group(2), args);
      Set<String> members = members(text, close + 1);
      if (args.stream()
          .map(String::strip)
          .anyMatch(a -> a.endsWith(".code()") || a.endsWith(".refusal()"))) {
        continue; // passes on a code chosen elsewhere
      }
      String first = codeArgument(call.group(2), args);
      Matcher literal = LITERAL.matcher(first);
      if (literal.matches()) {
        emitted.add(new Emitted(module, literal.group(1), status, members, where));
      } else if (IDENTIFIER.matcher(first).matches()) {
        List<String> viaHelper = throughHelper(file, text, first, texts);
        if (viaHelper.isEmpty()) {
          unresolved.add(new Unresolved(module, where, text.substring(call.start(), close + 1)));
        }
        viaHelper.forEach(c -> emitted.add(new Emitted(module, c, status, members, where)));
      } else if (!first.startsWith("refusal")
          && !first.endsWith(".refusal()")
          && !first.endsWith(".code()")) {
        unresolved.add(new Unresolved(module, where, text.substring(call.start(), close + 1)));
      }
    }
  }

  /** {@code Problem.of(Refusal)}, {@code ProblemException.of(Refusal)}: not a new code. */
  private static String codeArgument(String factory, List<String> args) {
    if (args.size() >= 2) {
      String first = args.get(0).strip();
      if (first.matches(".*(Kind\\.|HttpStatus\\.|^\\d{3}$).*") || first.startsWith("status")) {
        return args.get(1).strip();
      }
    }
    if ("of".equals(factory) && args.size() == 1) {
      return "refusal";
    }
    return args.get(0).strip();
  }

  private static int status(String factory, List<String> args) {
    if (factory != null && FACTORY_STATUS.containsKey(factory)) {
      return FACTORY_STATUS.get(factory);
    }
    for (String arg : args) {
      Matcher kind = KIND.matcher(arg);
      if (kind.find()) {
        return KIND_STATUS.getOrDefault(kind.group(1), 0);
      }
      Matcher http = HTTP_STATUS.matcher(arg);
      if (http.find()) {
        return KIND_STATUS.getOrDefault(http.group(1), 0);
      }
      if (arg.strip().matches("[45]\\d\\d")) {
        return Integer.parseInt(arg.strip());
      }
    }
    return 0;
  }

  private static Set<String> members(String text, int from) {
    Set<String> members = new LinkedHashSet<>();
    int at = from;
    while (true) {
      String rest = text.substring(at, Math.min(text.length(), at + 400));
      Matcher chained = CHAINED.matcher(rest);
      if (!chained.find()) {
        return members;
      }
      int open = at + chained.end() - 1;
      int close = closing(text, open);
      if (close < 0) {
        return members;
      }
      if ("with".equals(chained.group(1))) {
        List<String> args = arguments(text.substring(open + 1, close));
        Matcher name = MEMBER.matcher(args.isEmpty() ? "" : args.get(0));
        while (name.find()) {
          members.add(name.group(1));
        }
      }
      at = close + 1;
    }
  }

  /** The codes passed to the method(s) of this file that take {@code parameter}. */
  private static List<String> throughHelper(
      Path file, String text, String parameter, Map<Path, String> texts) {
    List<String> codes = new ArrayList<>();
    Matcher declaration =
        Pattern.compile(
                "\\b([a-z][A-Za-z0-9]*)\\s*\\(([^()]*\\bString\\s+"
                    + Pattern.quote(parameter)
                    + "\\b[^()]*)\\)\\s*(throws[^{]*)?\\{")
            .matcher(text);
    while (declaration.find()) {
      String name = declaration.group(1);
      List<String> params = arguments(declaration.group(2));
      int index = -1;
      for (int i = 0; i < params.size(); i++) {
        if (params.get(i).strip().endsWith(" " + parameter)) {
          index = i;
        }
      }
      String owner = file.getFileName().toString().replaceFirst("\\.java$", "");
      for (var other : texts.entrySet()) {
        boolean same = other.getKey().equals(file);
        String prefix = same ? "\\b" : "\\b" + Pattern.quote(owner) + "\\s*\\.\\s*";
        codes.addAll(
            literalsAt(
                other.getValue(),
                Pattern.compile(prefix + Pattern.quote(name) + "\\s*\\("),
                index,
                same ? declaration.start() : -1));
      }
    }
    return codes;
  }

  private static List<String> literalsAt(String text, Pattern call, int index, int skip) {
    List<String> codes = new ArrayList<>();
    Matcher use = call.matcher(text);
    {
      while (use.find()) {
        if (use.start() == skip) {
          continue;
        }
        int close = closing(text, use.end() - 1);
        if (close < 0) {
          continue;
        }
        List<String> args = arguments(text.substring(use.end(), close));
        if (index >= 0 && index < args.size()) {
          Matcher literal = LITERAL.matcher(args.get(index).strip());
          if (literal.matches()) {
            codes.add(literal.group(1));
          }
        }
      }
    }
    return codes;
  }

  /** A factory's own declaration (e.g. {@code public static Refusal notFound(...)}). */
  private static boolean isDefinition(String text, int at) {
    int lineStart = text.lastIndexOf('\n', at) + 1;
    String before = text.substring(lineStart, at);
    return before.contains("static ");
  }

  private static int closing(String text, int open) {
    int depth = 0;
    boolean inString = false;
    for (int i = open; i < text.length(); i++) {
      char c = text.charAt(i);
      if (inString) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          inString = false;
        }
      } else if (c == '"') {
        inString = true;
      } else if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /** Top-level arguments of an argument list, split on commas outside parentheses and strings. */
  static List<String> arguments(String list) {
    List<String> args = new ArrayList<>();
    int depth = 0;
    boolean inString = false;
    StringBuilder current = new StringBuilder();
    for (int i = 0; i < list.length(); i++) {
      char c = list.charAt(i);
      if (inString) {
        current.append(c);
        if (c == '\\' && i + 1 < list.length()) {
          current.append(list.charAt(++i));
        } else if (c == '"') {
          inString = false;
        }
        continue;
      }
      if (c == '"') {
        inString = true;
      } else if (c == '(' || c == '<' || c == '{' || c == '[') {
        depth++;
      } else if (c == ')' || c == '>' || c == '}' || c == ']') {
        depth--;
      } else if (c == ',' && depth == 0) {
        args.add(current.toString().strip());
        current.setLength(0);
        continue;
      }
      current.append(c);
    }
    if (!current.toString().isBlank()) {
      args.add(current.toString().strip());
    }
    return args;
  }

  private static String withoutComments(String source) {
    StringBuilder out = new StringBuilder(source.length());
    boolean inString = false;
    for (int i = 0; i < source.length(); i++) {
      char c = source.charAt(i);
      if (inString) {
        out.append(c);
        if (c == '\\' && i + 1 < source.length()) {
          out.append(source.charAt(++i));
        } else if (c == '"') {
          inString = false;
        }
      } else if (source.startsWith("\"\"\"", i)) {
        int end = source.indexOf("\"\"\"", i + 3);
        String block = source.substring(i, end < 0 ? source.length() : end + 3);
        out.append("\"\"");
        block.chars().filter(ch -> ch == '\n').forEach(ch -> out.append('\n'));
        i = end < 0 ? source.length() : end + 2;
      } else if (c == '\'') {
        int end = source.charAt(i + 1) == '\\' ? source.indexOf('\'', i + 3) : i + 2;
        out.append("' '");
        i = end;
      } else if (c == '"') {
        inString = true;
        out.append(c);
      } else if (c == '/' && i + 1 < source.length() && source.charAt(i + 1) == '/') {
        while (i < source.length() && source.charAt(i) != '\n') {
          i++;
        }
        out.append('\n');
      } else if (c == '/' && i + 1 < source.length() && source.charAt(i + 1) == '*') {
        int end = source.indexOf("*/", i + 2);
        String comment = source.substring(i, end < 0 ? source.length() : end + 2);
        comment.chars().filter(ch -> ch == '\n').forEach(ch -> out.append('\n'));
        i = end < 0 ? source.length() : end + 1;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static int line(String text, int at) {
    int line = 1;
    for (int i = 0; i < at; i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }
}
