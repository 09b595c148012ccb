package io.equitoken.platform.web;

import io.equitoken.platform.core.RefusedException;
import io.equitoken.platform.web.input.CursorPage;
import io.equitoken.platform.web.input.QueryParams;
import io.equitoken.platform.web.problem.ProblemException;
import java.time.Instant;
import java.util.List;
import org.springframework.web.server.ServerWebExchange;

/**
 * The paging pieces as {@link ProblemException}s, for web layers that still refuse that way: the
 * same cursors, limits and {@code Link} header as {@link CursorPage} and {@link QueryParams}, which
 * they delegate to.
 */
public final class Cursors {

  public static final int DEFAULT_LIMIT = QueryParams.DEFAULT_LIMIT;
  public static final int MAX_LIMIT = QueryParams.MAX_LIMIT;

  private Cursors() {}

  public static String encode(String... keyParts) {
    return CursorPage.encode((Object[]) keyParts);
  }

  /** Decodes a cursor into exactly {@code parts} key parts ({@link CursorPage#decode}). */
  public static List<String> decode(String cursor, int parts) {
    try {
      return CursorPage.decode(cursor, parts).parts();
    } catch (RefusedException e) {
      throw ProblemException.of(e.refusal());
    }
  }

  /** A timestamp part of a cursor ({@link CursorPage.Key#instant}). */
  public static Instant instant(String part) {
    try {
      return new CursorPage.Key(List.of(part)).instant(0);
    } catch (RefusedException e) {
      throw ProblemException.of(e.refusal());
    }
  }

  /** Validates {@code limit}: absent means the default, outside 1..{@value #MAX_LIMIT} is a 400. */
  public static int limit(Integer requested) {
    try {
      return QueryParams.limit(requested == null ? null : requested.toString());
    } catch (RefusedException e) {
      throw ProblemException.of(e.refusal());
    }
  }

  /** Sets {@code Link: <same URL with cursor=next>; rel="next"} on the response. */
  public static void linkNext(ServerWebExchange exchange, String nextCursor) {
    CursorPage.linkNext(exchange, nextCursor);
  }
}
