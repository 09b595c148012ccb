package io.equitoken.platform.test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
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
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;

/**
 * Walks a service's role matrix cell by cell against the running service, with real signed JWTs:
 * every rule's method × path, called by a token of every platform role and anonymously (and, with
 * {@link #withTokenWithoutRoles()}, by a valid token carrying no role). An allowed cell must not
 * answer 401/403 (or must answer exactly {@link #expectAllowed its success status}); a denied one
 * must answer a problem+json 401 {@code unauthenticated} (anonymous) or 403 {@code forbidden}. All
 * failing cells are reported together.
 *
 * <pre>{@code
 * @Test
 * void shouldDeclareExactlyTheDocumentedMatrix() {
 *   RoleMatrixWalker.assertDeclares(roleMatrix, TABLE); // "GET /listings/{id} [investor, …]"
 * }
 *
 * @Test
 * void everyCellOfTheRoleMatrix() {
 *   RoleMatrixWalker.of(roleMatrix, "http://127.0.0.1:" + port)
 *       .pathVariable("listingId", "lst-unknown")
 *       .withTokenWithoutRoles()
 *       .walk();
 * }
 * }</pre>
 *
 * Where an allowed call needs an object in a given state (an owner's own listing, a subscription),
 * {@link #prepare} builds it for each cell and {@link #expectAllowed} names the exact success
 * status; {@link #afterEach} checks or cleans up after each cell (e.g. a denied call changed
 * nothing).
 *
 * <p>The matrix is read reflectively ({@code rules()} of records with {@code method()}, {@code
 * pathPattern()}, {@code roles()}, {@code anonymous()} — platform-web's {@code RoleMatrix}), so
 * platform-test needs no dependency on platform-web. Rules are first-match, as in the service: a
 * cell is judged by the first rule matching its concrete path. Each request uses its own connection
 * ({@code Connection: close}); without {@link #prepare}, writes send {@code {}} as JSON, so allowed
 * writes usually answer 400/404/422 — which is fine, only 401/403 matter then.
 */
public final class RoleMatrixWalker {

  /** The platform's roles, as in platform-core's {@code Roles.ALL}. */
  public static final List<String> ROLES =
      List.of("investor", "founder", "partner", "compliance_officer", "operator");

  /** The caller label of a cell called without a token. */
  public static final String ANONYMOUS = "anonymous";

  /** The caller label of a cell called with a valid token that carries no role. */
  public static final String NO_ROLES = "no-roles";

  /** One rule of the matrix. */
  public record Rule(String method, String pathPattern, Set<String> roles, boolean anonymous) {

    /** {@code "GET /listings/{id} [founder, operator]"} (roles sorted), or {@code … anonymous}. */
    public String describe() {
      return row(method, pathPattern, anonymous ? null : roles);
    }
  }

  /**
   * What one cell calls: the concrete path, the JSON body ({@code null}: none at all) and anything
   * the test wants back in {@link Cell#context()} (e.g. the prepared object's id).
   */
  public record Request(String path, String jsonBody, Object context) {

    public static Request of(String path) {
      return new Request(path, null, null);
    }

    public static Request of(String path, String jsonBody) {
      return new Request(path, jsonBody, null);
    }

    public Request withContext(Object value) {
      return new Request(path, jsonBody, value);
    }
  }

  /** Builds the request of one cell: rule, caller role (or {@code null}), the token's subject. */
  @FunctionalInterface
  public interface Preparation {
    Request prepare(Rule rule, String role, String subject);
  }

  /**
   * One judged cell. {@code role} is a platform role, {@link #ANONYMOUS} or {@link #NO_ROLES};
   * {@code rule} the rule judging it; {@code contentType} and the problem {@code code} are read for
   * 401/403 answers only (else {@code null}).
   */
  public record Cell(
      String method,
      String path,
      String role,
      boolean allowed,
      int status,
      Rule rule,
      String subject,
      String contentType,
      String code,
      Object context) {

    @Override
    public String toString() {
      return method
          + " "
          + path
          + " as "
          + role
          + " (allowed="
          + allowed
          + ") answered "
          + status
          + (code == null ? "" : " " + code);
    }
  }

  private static final Pattern CODE = Pattern.compile("\"code\"\\s*:\\s*\"([^\"]*)\"");

  private final List<Rule> rules;
  private final URI base;
  private final Map<String, String> variables = new LinkedHashMap<>();
  private BiFunction<String, String, String> tokens =
      (subject, role) ->
          role == null ? TestJwtIssuer.token(subject) : TestJwtIssuer.token(subject, role);
  private Function<String, String> subjects = role -> "walker-" + role;
  private Preparation preparation;
  private Function<Rule, Integer> allowedStatus = rule -> null;
  private Consumer<Cell> afterEach = cell -> {};
  private boolean tokenWithoutRoles;
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

  /**
   * The matrix as a documentation table, one row per rule: {@code "METHOD pattern [roles sorted]"}
   * ({@code "METHOD pattern anonymous"} for an anonymous rule).
   */
  public static SortedSet<String> describe(Object roleMatrix) {
    SortedSet<String> rows = new TreeSet<>();
    for (Rule rule : rulesOf(roleMatrix)) {
      rows.add(rule.describe());
    }
    return rows;
  }

  /** One row as {@link #describe} writes it; {@code roles == null} for an anonymous rule. */
  public static String row(String method, String pathPattern, Collection<String> roles) {
    return method.toUpperCase(Locale.ROOT)
        + " "
        + pathPattern
        + " "
        + (roles == null ? ANONYMOUS : new TreeSet<>(roles).toString());
  }

  /**
   * Fails unless the matrix declares exactly the documented rows (see {@link #describe}), naming
   * the rows only one side has.
   */
  public static void assertDeclares(Object roleMatrix, Collection<String> documented) {
    SortedSet<String> declared = describe(roleMatrix);
    SortedSet<String> table = new TreeSet<>(documented);
    if (table.size() != documented.size()) {
      throw new AssertionError("the documented role matrix names a row twice: " + documented);
    }
    SortedSet<String> undocumented = new TreeSet<>(declared);
    undocumented.removeAll(table);
    SortedSet<String> undeclared = new TreeSet<>(table);
    undeclared.removeAll(declared);
    if (!undocumented.isEmpty() || !undeclared.isEmpty()) {
      throw new AssertionError(
          "the role matrix bean and the documented table differ:\n  declared, not documented: "
              + undocumented
              + "\n  documented, not declared: "
              + undeclared);
    }
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

  /**
   * The token's subject for a caller role (default {@code walker-<role>}); called once per cell, so
   * {@code role -> role + "-" + UUID.randomUUID()} gives every cell a principal of its own.
   */
  public RoleMatrixWalker subjects(Function<String, String> subjectOfRole) {
    this.subjects = subjectOfRole;
    return this;
  }

  /**
   * Builds each cell's request (path, body, context) instead of filling path variables; called for
   * every caller, anonymous ({@code role == null}, subject {@code null}) too.
   */
  public RoleMatrixWalker prepare(Preparation prepare) {
    this.preparation = prepare;
    return this;
  }

  /**
   * The exact status an allowed caller must get from a rule ({@code null}: anything but 401/403).
   */
  public RoleMatrixWalker expectAllowed(Function<Rule, Integer> successStatus) {
    this.allowedStatus = successStatus;
    return this;
  }

  /** Runs after each cell is called and judged (checks that throw fail the walk at once). */
  public RoleMatrixWalker afterEach(Consumer<Cell> check) {
    this.afterEach = check;
    return this;
  }

  /**
   * Also calls every rule with a valid token that carries no role ({@link #NO_ROLES}): denied (403
   * {@code forbidden}) unless the rule is anonymous.
   */
  public RoleMatrixWalker withTokenWithoutRoles() {
    this.tokenWithoutRoles = true;
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
      List<String> callers = new ArrayList<>(ROLES);
      callers.add(ANONYMOUS);
      if (tokenWithoutRoles) {
        callers.add(NO_ROLES);
      }
      for (String caller : callers) {
        String role = ROLES.contains(caller) ? caller : null;
        String subject = caller.equals(ANONYMOUS) ? null : subjects.apply(caller);
        Request request =
            preparation == null
                ? new Request(concretePath(rule.pathPattern()), defaultBody(rule.method()), null)
                : preparation.prepare(rule, role, subject);
        Rule effective = firstMatching(rule.method(), request.path());
        boolean allowed =
            effective.anonymous() || (role != null && effective.roles().contains(role));
        String token = subject == null ? null : tokens.apply(subject, role);
        Answer answer = call(rule.method(), request, token, caller);
        Cell cell =
            new Cell(
                rule.method(),
                request.path(),
                caller,
                allowed,
                answer.status(),
                effective,
                subject,
                answer.contentType(),
                answer.code(),
                request.context());
        cells.add(cell);
        afterEach.accept(cell);
      }
    }
    return cells;
  }

  /** Calls every cell and fails listing every cell that answered against the matrix. */
  public List<Cell> walk() {
    List<Cell> cells = cells();
    List<String> wrong = new ArrayList<>();
    for (Cell cell : cells) {
      String problem = judge(cell);
      if (problem != null) {
        wrong.add(cell + ": " + problem);
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

  private String judge(Cell cell) {
    boolean refused = cell.status() == 401 || cell.status() == 403;
    if (cell.allowed()) {
      Integer expected = allowedStatus.apply(cell.rule());
      if (refused) {
        return "should be allowed";
      }
      if (expected != null && cell.status() != expected) {
        return "should answer " + expected;
      }
      return null;
    }
    boolean anonymous = cell.role().equals(ANONYMOUS);
    int expectedStatus = anonymous ? 401 : 403;
    String expectedCode = anonymous ? "unauthenticated" : "forbidden";
    if (cell.status() != expectedStatus) {
      return "should answer " + expectedStatus;
    }
    if (cell.contentType() == null
        || !cell.contentType().toLowerCase(Locale.ROOT).startsWith("application/problem+json")) {
      return "should answer application/problem+json, not " + cell.contentType();
    }
    if (!expectedCode.equals(cell.code())) {
      return "should carry the problem code " + expectedCode;
    }
    return null;
  }

  private static String defaultBody(String method) {
    return Set.of("POST", "PUT", "PATCH").contains(method.toUpperCase(Locale.ROOT)) ? "{}" : null;
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
    String pathOnly = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
    for (Rule rule : rules) {
      if (rule.method().equalsIgnoreCase(method)
          && toRegex(rule.pathPattern()).matcher(pathOnly).matches()) {
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

  private record Answer(int status, String contentType, String code) {}

  private Answer call(String method, Request cell, String token, String caller) {
    boolean https = "https".equalsIgnoreCase(base.getScheme());
    int port = base.getPort() > 0 ? base.getPort() : https ? 443 : 80;
    String host = base.getHost();
    String basePath = base.getRawPath() == null ? "" : base.getRawPath().replaceAll("/$", "");
    String path = cell.path();
    byte[] body =
        cell.jsonBody() == null ? new byte[0] : cell.jsonBody().getBytes(StandardCharsets.UTF_8);
    StringBuilder request =
        new StringBuilder()
            .append(method.toUpperCase(Locale.ROOT))
            .append(' ')
            .append(basePath)
            .append(path)
            .append(" HTTP/1.1\r\nHost: ")
            .append(host)
            .append(':')
            .append(port)
            .append("\r\nConnection: close\r\nAccept: application/json\r\n")
            .append("X-Request-Id: role-matrix-walker\r\n");
    if (token != null) {
      request.append("Authorization: Bearer ").append(token).append("\r\n");
    }
    if (cell.jsonBody() != null) {
      request.append("Content-Type: application/json\r\n");
    }
    request.append("Content-Length: ").append(body.length).append("\r\n\r\n");
    String where = method + " " + path + " as " + caller;
    try (Socket socket = https ? tls().getSocketFactory().createSocket() : new Socket()) {
      socket.connect(new InetSocketAddress(host, port), timeoutMillis);
      socket.setSoTimeout(timeoutMillis);
      OutputStream out = socket.getOutputStream();
      out.write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
      out.write(body);
      out.flush();
      InputStream in = socket.getInputStream();
      String statusLine = readLine(in);
      if (statusLine == null || !statusLine.startsWith("HTTP/1.1 ")) {
        throw new IllegalStateException(where + ": no HTTP answer (" + statusLine + ")");
      }
      int status = Integer.parseInt(statusLine.substring(9, 12));
      if (status != 401 && status != 403) {
        return new Answer(status, null, null);
      }
      String contentType = null;
      int contentLength = -1;
      for (int i = 0; i < 200; i++) {
        String header = readLine(in);
        if (header == null || header.isEmpty()) {
          break;
        }
        int colon = header.indexOf(':');
        if (colon > 0) {
          String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
          String value = header.substring(colon + 1).trim();
          if (name.equals("content-type")) {
            contentType = value;
          } else if (name.equals("content-length")) {
            contentLength = Integer.parseInt(value);
          }
        }
      }
      // a problem body is small; Connection: close ends it if there is no Content-Length
      byte[] problem = in.readNBytes(contentLength >= 0 ? contentLength : 64 * 1024);
      Matcher code = CODE.matcher(new String(problem, StandardCharsets.UTF_8));
      return new Answer(status, contentType, code.find() ? code.group(1) : null);
    } catch (IOException e) {
      throw new UncheckedIOException(where, e);
    }
  }

  /** One CRLF-terminated line (at most 16 KiB), or {@code null} at the end of the stream. */
  private static String readLine(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int i = 0; i < 16 * 1024; i++) {
      int b = in.read();
      if (b < 0) {
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
      }
      if (b == '\n') {
        String text = line.toString(StandardCharsets.ISO_8859_1);
        return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
      }
      line.write(b);
    }
    throw new IOException("header line longer than 16 KiB");
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
