package io.equitoken.listings.listing;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Why the domain refused a command. {@code kind} tells adapters how to answer (e.g. HTTP status);
 * {@code code} is stable for clients, {@code detail} is for humans.
 */
public record Rejection(Kind kind, String code, String detail, Map<String, Object> properties) {

  public enum Kind {
    INVALID,
    FORBIDDEN,
    NOT_FOUND,
    CONFLICT
  }

  public Rejection {
    properties = Map.copyOf(properties);
  }

  public static Rejection of(Kind kind, String code, String detail) {
    return new Rejection(kind, code, detail, Map.of());
  }

  public Rejection with(String name, Object value) {
    Map<String, Object> copy = new LinkedHashMap<>(properties);
    copy.put(name, value);
    return new Rejection(kind, code, detail, copy);
  }

  public static Rejection notFound(String listingId) {
    return of(Kind.NOT_FOUND, "listing-not-found", "No listing " + listingId + " exists.");
  }

  public RejectedException asException() {
    return new RejectedException(this);
  }
}
