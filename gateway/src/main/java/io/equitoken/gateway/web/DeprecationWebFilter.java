package io.equitoken.gateway.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The deprecation regime of docs/api-versioning.md: an operation the served contract marks {@code
 * deprecated: true} with {@code x-deprecated-at} and {@code x-sunset} (dates) is answered with
 * {@code Deprecation: @<unix seconds>} (RFC 9745), {@code Sunset: <HTTP-date>} (RFC 8594) and
 * {@code Link: <…/api-versioning>; rel="deprecation"}, whatever its status. Read once from the
 * merged document this gateway serves, so the headers and the contract cannot disagree.
 */
public class DeprecationWebFilter implements WebFilter, Ordered {

  /** Before everything that may answer (security, rate limits), so every answer says it. */
  public static final int ORDER = -300;

  static final String POLICY = "https://equitoken.io/docs/api-versioning";

  /** One deprecated operation: method, path template as a pattern, its headers. */
  record Deprecated(String method, Pattern path, String deprecation, String sunset) {}

  /** IMF-fixdate (RFC 9110), e.g. {@code Tue, 01 Jun 2027 00:00:00 GMT}. */
  private static final DateTimeFormatter HTTP_DATE =
      DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ENGLISH);

  private final List<Deprecated> deprecated;

  public DeprecationWebFilter() {
    this(readMerged());
  }

  DeprecationWebFilter(Map<String, Object> document) {
    this.deprecated = List.copyOf(deprecatedOperations(document));
  }

  List<Deprecated> deprecated() {
    return deprecated;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    if (!deprecated.isEmpty()) {
      String method = exchange.getRequest().getMethod().name();
      String path = exchange.getRequest().getPath().value();
      for (Deprecated d : deprecated) {
        if (d.method().equals(method) && d.path().matcher(path).matches()) {
          HttpHeaders headers = exchange.getResponse().getHeaders();
          headers.set("Deprecation", d.deprecation());
          headers.set("Sunset", d.sunset());
          headers.add(HttpHeaders.LINK, "<" + POLICY + ">; rel=\"deprecation\"");
          break;
        }
      }
    }
    return chain.filter(exchange);
  }

  @Override
  public int getOrder() {
    return ORDER;
  }

  @SuppressWarnings("unchecked")
  static List<Deprecated> deprecatedOperations(Map<String, Object> document) {
    List<Deprecated> found = new ArrayList<>();
    Object paths = document.get("paths");
    if (!(paths instanceof Map<?, ?> byPath)) {
      return found;
    }
    for (var path : byPath.entrySet()) {
      if (!(path.getValue() instanceof Map<?, ?> item)) {
        continue;
      }
      for (var op : item.entrySet()) {
        if (op.getValue() instanceof Map<?, ?> operation
            && Boolean.TRUE.equals(operation.get("deprecated"))) {
          LocalDate since = date(operation, "x-deprecated-at", path.getKey(), op.getKey());
          LocalDate sunset = date(operation, "x-sunset", path.getKey(), op.getKey());
          found.add(
              new Deprecated(
                  String.valueOf(op.getKey()).toUpperCase(Locale.ROOT),
                  template(String.valueOf(path.getKey())),
                  "@" + since.atStartOfDay(ZoneOffset.UTC).toEpochSecond(),
                  HTTP_DATE.format(sunset.atStartOfDay(ZoneOffset.UTC))));
        }
      }
    }
    return found;
  }

  private static LocalDate date(Map<?, ?> operation, String name, Object path, Object method) {
    Object value = operation.get(name);
    if (value == null) {
      throw new IllegalStateException(
          method + " " + path + " is deprecated without " + name + " (docs/api-versioning.md)");
    }
    return LocalDate.parse(String.valueOf(value));
  }

  /** {@code /tokens/{tokenId}/transfers} → {@code /tokens/[^/]+/transfers}. */
  static Pattern template(String path) {
    StringBuilder regex = new StringBuilder();
    for (String part : path.split("(?=\\{)|(?<=\\})")) {
      regex.append(part.startsWith("{") ? "[^/]+" : Pattern.quote(part));
    }
    return Pattern.compile(regex.toString());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> readMerged() {
    try (InputStream in =
        DeprecationWebFilter.class.getClassLoader().getResourceAsStream("openapi/openapi.json")) {
      if (in == null) {
        return Map.of();
      }
      return JsonMapper.builder().build().readValue(in, Map.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
