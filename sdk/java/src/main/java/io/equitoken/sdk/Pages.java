package io.equitoken.sdk;

import io.equitoken.sdk.invoker.ApiException;
import io.equitoken.sdk.invoker.ApiResponse;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Cursor paging over {@code Link: <…?cursor=…>; rel="next"}: every list of the API is a bare array
 * whose next page, if any, is named by that header. {@link #all(Page)} streams every element of
 * every page, fetching a page only when the stream reaches it.
 *
 * <pre>{@code
 * Pages.all(cursor -> listings.listListingsWithHttpInfo(null, null, null, null, 100, cursor))
 *     .forEach(listing -> System.out.println(listing.getName()));
 * }</pre>
 */
public final class Pages {

  private static final Pattern NEXT =
      Pattern.compile("<([^>]*)>\\s*;[^,]*rel=\"?next\"?", Pattern.CASE_INSENSITIVE);

  private Pages() {}

  /** One page: the generated {@code …WithHttpInfo} call for a cursor ({@code null}: the first). */
  @FunctionalInterface
  public interface Page<T> {
    ApiResponse<List<T>> fetch(String cursor) throws ApiException;
  }

  /**
   * Every element of every page, lazily. {@link ApiException}s surface as {@link PageException}.
   */
  public static <T> Stream<T> all(Page<T> page) {
    Iterator<T> elements =
        new Iterator<>() {
          private Iterator<T> current = List.<T>of().iterator();
          private String cursor;
          private boolean last;

          @Override
          public boolean hasNext() {
            while (!current.hasNext() && !last) {
              ApiResponse<List<T>> response;
              try {
                response = page.fetch(cursor);
              } catch (ApiException e) {
                throw new PageException(e);
              }
              List<T> data = response.getData();
              current = data == null ? List.<T>of().iterator() : data.iterator();
              Optional<String> next = nextCursor(response.getHeaders().get("Link"));
              if (next.isEmpty() || next.get().equals(cursor)) {
                last = true;
              } else {
                cursor = next.get();
              }
            }
            return current.hasNext();
          }

          @Override
          public T next() {
            if (!hasNext()) {
              throw new NoSuchElementException();
            }
            return current.next();
          }
        };
    return StreamSupport.stream(
        Spliterators.spliteratorUnknownSize(elements, Spliterator.ORDERED), false);
  }

  /** The {@code cursor} of the {@code rel="next"} link among {@code Link} header values. */
  public static Optional<String> nextCursor(List<String> linkHeaders) {
    if (linkHeaders == null) {
      return Optional.empty();
    }
    for (String header : linkHeaders) {
      Matcher next = NEXT.matcher(header);
      if (next.find()) {
        String query = URI.create(next.group(1).trim()).getRawQuery();
        if (query == null) {
          continue;
        }
        for (String pair : query.split("&")) {
          if (pair.startsWith("cursor=")) {
            return Optional.of(
                URLDecoder.decode(pair.substring("cursor=".length()), StandardCharsets.UTF_8));
          }
        }
      }
    }
    return Optional.empty();
  }

  /** An {@link ApiException} thrown while streaming pages. */
  public static final class PageException extends RuntimeException {
    PageException(ApiException cause) {
      super(cause.getMessage(), cause);
    }

    @Override
    public synchronized ApiException getCause() {
      return (ApiException) super.getCause();
    }
  }
}
