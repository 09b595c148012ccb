package io.equitoken.local;

import java.util.Optional;

/**
 * Reads the top-level {@code status} of a Spring Boot health document without a JSON library (the
 * launcher stays dependency-free); nested component statuses are ignored.
 */
public final class HealthStatus {

  private HealthStatus() {}

  public static boolean isUp(String json) {
    return topLevelStatus(json).filter("UP"::equals).isPresent();
  }

  public static Optional<String> topLevelStatus(String json) {
    if (json == null) {
      return Optional.empty();
    }
    int depth = 0;
    int i = 0;
    while (i < json.length()) {
      char c = json.charAt(i);
      if (c == '{' || c == '[') {
        depth++;
        i++;
      } else if (c == '}' || c == ']') {
        depth--;
        i++;
      } else if (c == '"') {
        int end = endOfString(json, i);
        if (end < 0) {
          return Optional.empty();
        }
        String key = json.substring(i + 1, end);
        i = end + 1;
        if (depth == 1 && key.equals("status")) {
          int colon = skipSpace(json, i);
          if (colon < json.length() && json.charAt(colon) == ':') {
            int valueStart = skipSpace(json, colon + 1);
            if (valueStart < json.length() && json.charAt(valueStart) == '"') {
              int valueEnd = endOfString(json, valueStart);
              return valueEnd < 0
                  ? Optional.empty()
                  : Optional.of(json.substring(valueStart + 1, valueEnd));
            }
          }
        }
      } else {
        i++;
      }
    }
    return Optional.empty();
  }

  private static int endOfString(String json, int openingQuote) {
    for (int i = openingQuote + 1; i < json.length(); i++) {
      char c = json.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '"') {
        return i;
      }
    }
    return -1;
  }

  private static int skipSpace(String json, int from) {
    int i = from;
    while (i < json.length() && Character.isWhitespace(json.charAt(i))) {
      i++;
    }
    return i;
  }
}
