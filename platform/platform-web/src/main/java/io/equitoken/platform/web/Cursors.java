package io.equitoken.platform.web;

import io.equitoken.platform.web.input.TextRule;
import io.equitoken.platform.web.input.TimestampRule;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * Opaque cursors for keyset pagination and the {@code Link: <…>; rel="next"} header that carries
 * the next page when the body must stay a bare array. A cursor is the sort key of the last row
 * returned, base64url-encoded; clients must treat it as opaque.
 */
public final class Cursors {

  public static final int DEFAULT_LIMIT = 20;
  public static final int MAX_LIMIT = 100;
  private static final char SEPARATOR = '\u001f';

  private Cursors() {}

  public static String encode(String... keyParts) {
    String joined = String.join(String.valueOf(SEPARATOR), keyParts);
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(joined.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Decodes a cursor into exactly {@code parts} key parts, or answers a 400 problem. The decoded
   * bytes must be strict UTF-8 and every part must obey {@link TextRule} (a cursor is client input
   * like any other: {@code AB8A} decodes to NUL bytes).
   */
  public static List<String> decode(String cursor, int parts) {
    try {
      String joined =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(Base64.getUrlDecoder().decode(cursor)))
              .toString();
      List<String> values = Arrays.asList(joined.split(String.valueOf(SEPARATOR), -1));
      if (values.size() != parts
          || values.stream().anyMatch(v -> TextRule.violation(v, false) != null)) {
        throw new IllegalArgumentException("not a cursor of ours");
      }
      return values;
    } catch (IllegalArgumentException | CharacterCodingException e) {
      throw invalid();
    }
  }

  /**
   * A timestamp part of a cursor: ISO 8601 and within what PostgreSQL {@code timestamptz} holds
   * ({@link TimestampRule}: years 1..9999), else a 400 problem — {@code +999999999-12-31T23:59:59Z}
   * parses as an {@code Instant} but cannot be bound.
   */
  public static Instant instant(String part) {
    try {
      Instant value = Instant.parse(part);
      if (TimestampRule.violation(value) != null) {
        throw invalid();
      }
      return value;
    } catch (DateTimeParseException e) {
      throw invalid();
    }
  }

  private static ProblemException invalid() {
    return ProblemException.badRequest("invalid-cursor", "The cursor is not one this API issued.")
        .with("field", "cursor");
  }

  /** Validates {@code limit}: absent means the default, outside 1..{@value #MAX_LIMIT} is a 400. */
  public static int limit(Integer requested) {
    if (requested == null) {
      return DEFAULT_LIMIT;
    }
    if (requested < 1 || requested > MAX_LIMIT) {
      throw ProblemException.badRequest(
              "invalid-limit", "limit must be between 1 and " + MAX_LIMIT + ".")
          .with("field", "limit");
    }
    return requested;
  }

  /** Sets {@code Link: <same URL with cursor=next>; rel="next"} on the response. */
  public static void linkNext(ServerWebExchange exchange, String nextCursor) {
    String url =
        UriComponentsBuilder.fromUri(exchange.getRequest().getURI())
            .replaceQueryParam("cursor", nextCursor)
            .build()
            .toUriString();
    String path = url.substring(url.indexOf(exchange.getRequest().getURI().getRawPath()));
    exchange.getResponse().getHeaders().add(HttpHeaders.LINK, "<" + path + ">; rel=\"next\"");
  }
}
