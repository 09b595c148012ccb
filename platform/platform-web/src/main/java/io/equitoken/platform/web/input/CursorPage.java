package io.equitoken.platform.web.input;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * Keyset pages as every list of the API answers them: the body is a bare array of at most {@code
 * limit} items and, when there is more, {@code Link: <same URL with cursor=…>; rel="next"}. The
 * cursor is opaque to clients (base64url of the sort key of the last item); anything this API did
 * not issue is {@code 400 invalid-cursor} with {@code field: cursor}, whatever is wrong with it.
 *
 * <pre>{@code
 * CursorPage.Request page = CursorPage.request(limit, cursor, 2);
 * Key after = page.after(); // null on the first page
 * return rows(after == null ? null : after.instant(0), after == null ? null : after.uuid(1),
 *         page.fetch())
 *     .collectList()
 *     .map(rows -> page.answer(rows, exchange, r -> CursorPage.encode(r.createdAt(), r.id()))
 *         .stream().map(View::of).toList());
 * }</pre>
 */
public final class CursorPage {

  private static final char SEPARATOR = '\u001f';

  private CursorPage() {}

  /** A page asked for: its size and the key it starts after ({@code null}: the first page). */
  public record Request(int size, Key after) {

    /** How many rows to read: one more than the page, to know whether there is a next one. */
    public int fetch() {
      return size + 1;
    }

    /**
     * The first {@code size} rows; when there were more, sets {@code Link: rel="next"} with the
     * cursor of the last row kept.
     */
    public <T> List<T> answer(
        List<T> rows, ServerWebExchange exchange, Function<T, String> cursorOf) {
      if (rows.size() <= size) {
        return rows;
      }
      List<T> page = rows.subList(0, size);
      linkNext(exchange, cursorOf.apply(page.get(size - 1)));
      return page;
    }
  }

  /**
   * The page a request asks for: {@code limit} by {@link QueryParams#limit(String)}, {@code cursor}
   * decoded into exactly {@code parts} key parts.
   */
  public static Request request(String limit, String cursor, int parts) {
    return new Request(QueryParams.limit(limit), cursor == null ? null : decode(cursor, parts));
  }

  /** The decoded key of a cursor; each typed accessor refuses a part of the wrong type. */
  public record Key(List<String> parts) {

    public Key {
      parts = List.copyOf(parts);
    }

    public String text(int index) {
      return parts.get(index);
    }

    /** A timestamp part, within what PostgreSQL holds ({@link TimestampRule}). */
    public Instant instant(int index) {
      try {
        Instant value = Instant.parse(parts.get(index));
        if (TimestampRule.violation(value) != null) {
          throw invalid();
        }
        return value;
      } catch (DateTimeParseException e) {
        throw invalid();
      }
    }

    public UUID uuid(int index) {
      try {
        UUID value = UUID.fromString(parts.get(index));
        if (!value.toString().equals(parts.get(index))) {
          throw invalid();
        }
        return value;
      } catch (IllegalArgumentException e) {
        throw invalid();
      }
    }

    public long number(int index) {
      try {
        return Long.parseLong(parts.get(index));
      } catch (NumberFormatException e) {
        throw invalid();
      }
    }
  }

  /** A cursor from the key parts of the last row ({@code toString()} of each). */
  public static String encode(Object... keyParts) {
    String joined =
        String.join(
            String.valueOf(SEPARATOR),
            Arrays.stream(keyParts).map(String::valueOf).toArray(String[]::new));
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(joined.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Decodes a cursor into exactly {@code parts} key parts, or refuses it. The decoded bytes must be
   * strict UTF-8 and every part must obey {@link TextRule} (a cursor is client input like any
   * other: {@code AB8A} decodes to NUL bytes).
   */
  public static Key decode(String cursor, int parts) {
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
        throw invalid();
      }
      return new Key(values);
    } catch (IllegalArgumentException | CharacterCodingException e) {
      throw invalid();
    }
  }

  /** The one answer to a cursor this API did not issue: {@code 400 invalid-cursor}. */
  public static RefusedException invalid() {
    return Refusal.badRequest("invalid-cursor", "The cursor is not one this API issued.")
        .withField("cursor")
        .exception();
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
