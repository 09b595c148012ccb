package io.equitoken.platform.test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;

/**
 * Walks a service's role matrix cell by cell against the running service, with real signed JWTs:
 * every rule's method × path, called by a token of every platform role and anonymously. An allowed
 * cell must not answer 401/403; a denied one must answer 401 (anonymous) or 403 (a role). All
 * failing cells are reported together.
 *
 * <pre>{@code
 * @Test
 * void everyCellOfTheRoleMatrix() {
 *   RoleMatrixWalker.of(roleMatrix, "http://127.0.0.1:" + port)
 *       .pathVariable("listingId", "lst-unknown")
 *       .walk();
 * }
 * }</pre>
 *
 * The matrix is read reflectively ({@code rules()} of records with {@code method()}, {@code
 * pathPattern()}, {@code roles()}, {@code anonymous()} — platform-web's {@code RoleMatrix}), so
 * platform-test needs no dependency on platform-web. Rules are first-match, as in the service: a
 * cell is judged by the first rule matching its concrete path. Each request uses its own connection
 * ({@code Connection: close}); writes send {@code {}} as JSON, so allowed writes usually answer
 * 400/404/422 — which is fine, only 401/403 matter here.
 */
public final class RoleMatrixWalker {

  /** The platform's roles, as in platform-core's {@code Roles.ALL}. */
  public static final List<String> ROLES =
      List.of("investor", "founder", "partner", "compliance_officer", "operator");

  /** One rule of the matrix. */
  public record Rule(String method, String pathPattern, Set<String> roles, boolean anonymous) {}

  /** One judged cell. */
  public record Cell(String method, String path, String role, boolean allowed, int status) {}

  private final List<Rule> rules;
  private final URI base;
  private final Map<String, String> variables = new LinkedHashMap<>();
  private BiFunction<String, String, String> tokens =
      (subject, role) -> TestJwtIssuer.token(subject, role);
  private SSLContext tls;
  private int timeoutMillis = 30_000;

  private RoleMatrixWalker(List<Rule> rules, String baseUrl) {
    this.rules = List.copyOf(rules);
    this.base = URI.create(baseUrl);
  }

  /** Reads the rules of platform-web's {@code RoleMatrix} (or any object with such rules()). */
  public static RoleMatrixWalker of(Object roleMatrix, String baseUrl) {
    return new RoleMatrixWalker(rulesOf(roleMatrix), baseUrl);
  }

  public static RoleMatrixWalker ofRules(List<Rule> rules, String baseUrl) {
    return new RoleMatrixWalker(rules, baseUrl);
  }

  /** The value used for {@code {name}} in path patterns (default: {@code walker-<name>}). */
  public RoleMatrixWalker pathVariable(String name, String value) {
    variables.put(name, value);
    return this;
  }

  /** How a token for (subject, role) is minted (default {@link TestJwtIssuer#token}). */
  public RoleMatrixWalker tokens(BiFunction<String, String, String> minter) {
    this.tokens = minter;
    return this;
  }

  /** For an {@code https} base URL: the TLS context to connect with (see {@link TestTls}). */
  public RoleMatrixWalker tls(SSLContext context) {
    this.tls = context;
    return this;
  }

  /** Calls every cell; answers them all (see {@link #walk()} to assert). */
  public List<Cell> cells() {
    List<Cell> cells = new ArrayList<>();
    for (Rule rule : rules) {
      String path = concretePath(rule.pathPattern());
      Rule effective = firstMatching(rule.method(), path);
      List<String> callers = new ArrayList<>(ROLES);
      callers.add(null);
      for (String role : callers) {
        boolean allowed =
            effective.anonymous() || (role != null && effective.roles().contains(role));
        int status = call(rule.method(), path, role);
        cells.add(
            new Cell(rule.method(), path, role == null ? "anonymous" : role, allowed, status));
      }
    }
    return cells;
  }

  /** Calls every cell and fails listing every cell that answered against the matrix. */
  public List<Cell> walk() {
    List<Cell> cells = cells();
    List<String> wrong = new ArrayList<>();
    for (Cell cell : cells) {
      boolean refused = cell.status() == 401 || cell.status() == 403;
      int expectedRefusal = cell.role().equals("anonymous") ? 401 : 403;
      if (cell.allowed() && refused) {
        wrong.add(cell + " should be allowed");
      } else if (!cell.allowed() && cell.status() != expectedRefusal) {
        wrong.add(cell + " should answer " + expectedRefusal);
      }
    }
    if (!wrong.isEmpty()) {
      throw new AssertionError(
          wrong.size()
              + " of "
              + cells.size()
              + " role-matrix cells are wrong:\n  "
              + String.join("\n  ", wrong));
    }
    return cells;
  }

  String concretePath(String pattern) {
    Matcher m = Pattern.compile("\\{\\*?([^}]+)}").matcher(pattern);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(
          out,
          Matcher.quoteReplacement(variables.getOrDefault(m.group(1), "walker-" + m.group(1))));
    }
    m.appendTail(out);
    return out.toString().replace("/**", "/walker").replace("*", "walker");
  }

  private Rule firstMatching(String method, String path) {
    for (Rule rule : rules) {
      if (rule.method().equalsIgnoreCase(method)
          && toRegex(rule.pathPattern()).matcher(path).matches()) {
        return rule;
      }
    }
    throw new IllegalStateException("no rule matches " + method + " " + path);
  }

  static Pattern toRegex(String pattern) {
    StringBuilder regex = new StringBuilder();
    for (String segment : pattern.split("/")) {
      if (segment.isEmpty()) {
        continue;
      }
      if (segment.equals("**") || segment.startsWith("{*")) {
        regex.append("(/.*)?");
        break;
      }
      regex.append('/');
      if (segment.equals("*")) {
        regex.append("[^/]+");
        continue;
      }
      Matcher variable = Pattern.compile("\\{[^}]+}").matcher(segment);
      int last = 0;
      while (variable.find()) {
        regex.append(Pattern.quote(segment.substring(last, variable.start()))).append("[^/]+");
        last = variable.end();
      }
      regex.append(Pattern.quote(segment.substring(last)));
    }
    return Pattern.compile(regex.length() == 0 ? "/" : regex.toString());
  }

  private int call(String method, String path, String role) {
    boolean https = "https".equalsIgnoreCase(base.getScheme());
    int port = base.getPort() > 0 ? base.getPort() : https ? 443 : 80;
    String host = base.getHost();
    String basePath = base.getRawPath() == null ? "" : base.getRawPath().replaceAll("/$", "");
    boolean withBody = Set.of("POST", "PUT", "PATCH").contains(method.toUpperCase());
    byte[] body = withBody ? "{}".getBytes(StandardCharsets.UTF_8) : new byte[0];
    StringBuilder request =
        new StringBuilder()
            .append(method.toUpperCase())
            .append(' ')
            .append(basePath)
            .append(path)
            .append(" HTTP/1.1\r\nHost: ")
            .append(host)
            .append(':')
            .append(port)
            .append("\r\nConnection: close\r\nAccept: application/json\r\n")
            .append("X-Request-Id: role-matrix-walker\r\n");
    if (role != null) {
      request
          .append("Authorization: Bearer ")
          .append(tokens.apply("walker-" + role, role))
          .append("\r\n");
    }
    if (withBody) {
      request.append("Content-Type: application/json\r\n");
    }
    request.append("Content-Length: ").append(body.length).append("\r\n\r\n");
    try (Socket socket = https ? tls().getSocketFactory().createSocket() : new Socket()) {
      socket.connect(new InetSocketAddress(host, port), timeoutMillis);
      socket.setSoTimeout(timeoutMillis);
      OutputStream out = socket.getOutputStream();
      out.write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
      out.write(body);
      out.flush();
      BufferedReader in =
          new BufferedReader(
              new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
      String statusLine = in.readLine();
      if (statusLine == null || !statusLine.startsWith("HTTP/1.1 ")) {
        throw new IllegalStateException(
            method + " " + path + " as " + role + ": no HTTP answer (" + statusLine + ")");
      }
      return Integer.parseInt(statusLine.substring(9, 12));
    } catch (IOException e) {
      throw new UncheckedIOException(method + " " + path + " as " + role, e);
    }
  }

  private SSLContext tls() {
    if (tls == null) {
      throw new IllegalStateException("https base URL: give the TLS context with tls(...)");
    }
    return tls;
  }

  @SuppressWarnings("unchecked")
  static List<Rule> rulesOf(Object roleMatrix) {
    try {
      Method rulesMethod = roleMatrix.getClass().getMethod("rules");
      List<Rule> rules = new ArrayList<>();
      for (Object rule : (Collection<Object>) rulesMethod.invoke(roleMatrix)) {
        Class<?> type = rule.getClass();
        rules.add(
            new Rule(
                String.valueOf(type.getMethod("method").invoke(rule)),
                (String) type.getMethod("pathPattern").invoke(rule),
                Set.copyOf((Collection<String>) type.getMethod("roles").invoke(rule)),
                (Boolean) type.getMethod("anonymous").invoke(rule)));
      }
      return rules;
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(
          "not a role matrix (needs rules() of (method, pathPattern, roles, anonymous))", e);
    }
  }
}
