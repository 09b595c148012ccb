package io.equitoken.webhooks.endpoint;

import io.equitoken.platform.core.Refusal;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The SSRF guard. A webhook URL must be an absolute {@code https} URL without user info whose host
 * resolves only to public unicast addresses ({@link AddressRules}). It is checked when a
 * subscription is created or changed, and again before every delivery after resolving the host, and
 * the connection then goes to exactly the address checked ({@link #pin}), so a DNS answer that
 * changes in between (rebinding) cannot redirect it. Local runs may admit plain-HTTP receivers on
 * loopback through an explicit setting; production never does.
 */
public final class EndpointPolicy {

  public static final int MAX_URL_LENGTH = 2048;
  private static final String FIELD = "url";
  private static final Pattern DOTTED_QUAD =
      Pattern.compile("(0|[1-9]\\d{0,2})(\\.(0|[1-9]\\d{0,2})){3}");
  private static final Pattern NUMERIC_LOOKING = Pattern.compile("(?i)[0-9x.]+|0x[0-9a-f.x]+");

  private final HostResolver resolver;
  private final boolean allowLoopbackReceivers;

  public EndpointPolicy(HostResolver resolver, boolean allowLoopbackReceivers) {
    this.resolver = resolver;
    this.allowLoopbackReceivers = allowLoopbackReceivers;
  }

  public boolean allowsLoopbackReceivers() {
    return allowLoopbackReceivers;
  }

  /** Checks a URL given for a subscription; answers it parsed, or refuses with a 422 on url. */
  public URI checkSubscriptionUrl(String url) {
    if (url == null || url.isBlank()) {
      throw Refusal.invalidMember(FIELD, "is required").exception();
    }
    URI uri = parse(url).orElseThrow(() -> refuse("url must be an absolute http(s) URL."));
    String problem = syntaxProblem(uri);
    if (problem != null) {
      throw refuse(problem);
    }
    List<InetAddress> addresses;
    try {
      addresses = addresses(uri.getHost());
    } catch (UnknownHostException e) {
      throw refuse("The host of url does not resolve.");
    }
    String why = addressProblem(isHttps(uri), addresses);
    if (why != null) {
      throw refuse(why);
    }
    return uri;
  }

  /**
   * Right before a delivery, without DNS: the stored URL must still pass the syntax rules, and an
   * IP-literal host the address rules. Host names are checked after resolution, when connecting
   * ({@link #pin}).
   *
   * @throws EndpointRefusedException when the URL is not allowed
   */
  public void checkBeforeConnect(URI uri) {
    String problem = syntaxProblem(uri);
    if (problem == null) {
      Optional<InetAddress> literal = AddressRules.literal(uri.getHost());
      if (literal.isPresent()) {
        problem = addressProblem(isHttps(uri), List.of(literal.get()));
      }
    }
    if (problem != null) {
      throw new EndpointRefusedException(problem);
    }
  }

  /**
   * At connection time: checks every address the host resolved to and answers the one to connect
   * to. Connecting to exactly this address is what defeats DNS rebinding.
   *
   * @throws EndpointRefusedException when any address is not allowed
   */
  public InetAddress pin(boolean https, String host, List<InetAddress> resolved) {
    if (resolved.isEmpty()) {
      throw new EndpointRefusedException("The host " + host + " does not resolve.");
    }
    String problem = addressProblem(https, resolved);
    if (problem != null) {
      throw new EndpointRefusedException(problem);
    }
    return resolved.get(0);
  }

  private static boolean isHttps(URI uri) {
    return "https".equalsIgnoreCase(uri.getScheme());
  }

  private static Optional<URI> parse(String url) {
    if (url.length() > MAX_URL_LENGTH) {
      return Optional.empty();
    }
    try {
      URI uri = new URI(url);
      return uri.isAbsolute() && !uri.isOpaque() ? Optional.of(uri) : Optional.empty();
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }

  private String syntaxProblem(URI uri) {
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("https") && !(scheme.equals("http") && allowLoopbackReceivers)) {
      return "url must use https.";
    }
    if (uri.getRawUserInfo() != null
        || (uri.getRawAuthority() != null && uri.getRawAuthority().contains("@"))) {
      return "url must not contain user info (credentials).";
    }
    String host = uri.getHost();
    if (host == null || host.isEmpty()) {
      return "url must name a valid host.";
    }
    if (uri.getPort() == 0 || uri.getPort() > 65535 || (uri.getPort() < 0 && hasPort(uri))) {
      return "url names a port outside 1..65535.";
    }
    String bare = host.startsWith("[") ? host : host.toLowerCase(Locale.ROOT);
    if (!bare.startsWith("[")
        && NUMERIC_LOOKING.matcher(bare).matches()
        && !DOTTED_QUAD.matcher(bare).matches()) {
      return "url names a numeric host in a non-standard form.";
    }
    return null;
  }

  /** An authority ending in ":" with or without digits that the URI did not read as a port. */
  private static boolean hasPort(URI uri) {
    String authority = uri.getRawAuthority();
    return authority != null && authority.matches(".*:\\d*") && !authority.endsWith("]");
  }

  private List<InetAddress> addresses(String host) throws UnknownHostException {
    Optional<InetAddress> literal = AddressRules.literal(host);
    if (literal.isPresent()) {
      return List.of(literal.get());
    }
    List<InetAddress> resolved = resolver.resolve(host);
    if (resolved.isEmpty()) {
      throw new UnknownHostException(host);
    }
    return resolved;
  }

  private String addressProblem(boolean https, List<InetAddress> addresses) {
    boolean allLoopback = addresses.stream().allMatch(AddressRules::isLoopback);
    if (allowLoopbackReceivers && allLoopback) {
      return null;
    }
    for (InetAddress address : addresses) {
      Optional<String> reason = AddressRules.forbidden(address);
      if (reason.isPresent()) {
        return "url resolves to " + reason.get() + ", which webhooks are never sent to.";
      }
    }
    return https ? null : "url must use https.";
  }

  private static io.equitoken.platform.core.RefusedException refuse(String detail) {
    return Refusal.unprocessable("url-not-allowed", detail).withField(FIELD).exception();
  }
}
