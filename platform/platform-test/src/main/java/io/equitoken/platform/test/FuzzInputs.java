package io.equitoken.platform.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.LongSupplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The input fuzz of every service's {@code InputFuzzIT}: jqwik's string generators — all of
 * Unicode, C0 controls and lone surrogates included — plus known troublemakers, and the checks
 * "never a 5xx" and "a 4xx is problem+json and stores nothing".
 *
 * <pre>{@code
 * for (String value : FuzzInputs.sample(60, "approved")) {
 *   FuzzInputs.check(
 *       "POST /x name",
 *       value,
 *       web.post().uri("/x").contentType(JSON).bodyValue("{\"name\":" + FuzzInputs.json(value) + "}"),
 *       () -> count("select count(*) from x"));
 * }
 * }</pre>
 */
public final class FuzzInputs {

  /**
   * Values that broke a service once: a lone surrogate, a cursor that decodes to NUL, a timestamp
   * PostgreSQL cannot hold, an oversize value.
   */
  public static final List<String> TROUBLEMAKERS =
      List.of("\ud800", "AB8A", "+999999999-12-31T23:59:59Z", "x".repeat(1000));

  private FuzzInputs() {}

  /**
   * Any Unicode string up to 80 chars, 1–5 C0 controls, or one of {@link #TROUBLEMAKERS} and the
   * caller's {@code extra} values (e.g. a valid enum value, so that the other fields are reached).
   */
  public static Arbitrary<String> strings(String... extra) {
    List<String> known = new ArrayList<>(TROUBLEMAKERS);
    known.addAll(List.of(extra));
    return Arbitraries.oneOf(
        Arbitraries.strings().all().ofMaxLength(80),
        Arbitraries.strings().withCharRange('\u0000', '\u001f').ofMinLength(1).ofMaxLength(5),
        Arbitraries.of(known));
  }

  /** {@code count} values of {@link #strings}. */
  public static List<String> sample(int count, String... extra) {
    return strings(extra).sampleStream().limit(count).toList();
  }

  /** A JSON string literal that escapes everything outside printable ASCII, lone surrogates too. */
  public static String json(String value) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
        out.append(c);
      } else {
        out.append(String.format("\\u%04x", (int) c));
      }
    }
    return out.append('"').toString();
  }

  /**
   * A JSON object of the given members, each value already JSON (e.g. {@link #json} or a number).
   */
  public static String object(Map<String, String> members) {
    StringJoiner out = new StringJoiner(",", "{", "}");
    members.forEach((name, member) -> out.add(json(name) + ":" + member));
    return out.toString();
  }

  /**
   * Members in the order given ({@code name, member, name, member, ...}; each member already JSON).
   * Use it rather than {@code Map.of}, whose iteration order changes from one JVM to the next: a
   * body built from it has a different member order in every run, so a refusal that names the first
   * bad field names a different one each time, and a failure cannot be replayed.
   */
  public static Map<String, String> members(String... nameThenMember) {
    if (nameThenMember.length % 2 != 0) {
      throw new IllegalArgumentException("members come in name/member pairs");
    }
    Map<String, String> members = new LinkedHashMap<>();
    for (int i = 0; i < nameThenMember.length; i += 2) {
      members.put(nameThenMember[i], nameThenMember[i + 1]);
    }
    return members;
  }

  /**
   * The JSON object of {@code valid} members (each already JSON) with {@code field} set to the JSON
   * {@code member}: one fuzzed input in an otherwise valid body.
   */
  public static String objectWith(Map<String, String> valid, String field, String member) {
    Map<String, String> members = new LinkedHashMap<>(valid);
    members.put(field, member);
    return object(members);
  }

  /**
   * What an HTTP client can put in a header for {@code value}: its UTF-8 bytes as ISO-8859-1 chars,
   * without control characters and surrounding blanks, which no client sends in a field value.
   */
  public static String headerValue(String value) {
    String bytes =
        new String(value.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1)
            .replaceAll("[\\x00-\\x1f\\x7f]", "")
            .strip();
    return bytes.isEmpty() ? "-" : bytes;
  }

  /** Fails unless every status is below 500; the message names {@code where} and the value. */
  public static void assertNo5xx(String where, String value, List<Integer> statuses) {
    assertThat(statuses).as("%s = %s", where, json(value)).allMatch(s -> s < 500);
  }

  /**
   * Sends one fuzzed request and checks its answer: never a 5xx (the message names {@code where}
   * and the value); a 4xx is {@code application/problem+json} and leaves {@code rows} — the rows of
   * the tables the endpoint writes — unchanged. Answers the status.
   */
  public static int check(
      String where, String value, WebTestClient.RequestHeadersSpec<?> request, LongSupplier rows) {
    long before = rows.getAsLong();
    EntityExchangeResult<byte[]> answer;
    try {
      answer = request.exchange().expectBody().returnResult();
    } catch (RuntimeException e) {
      throw new AssertionError(where + " = " + json(value) + " gave no usable answer: " + e, e);
    }
    int status = answer.getStatus().value();
    byte[] body = answer.getResponseBody();
    String text = body == null ? "" : new String(body, StandardCharsets.UTF_8);
    assertThat(status)
        .as("%s = %s answered %s %s", where, json(value), status, text)
        .isLessThan(500);
    if (status >= 400) {
      MediaType type = answer.getResponseHeaders().getContentType();
      assertThat(type != null && type.isCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
          .as("%s = %s answered %s as %s, not problem+json", where, json(value), status, type)
          .isTrue();
      assertThat(rows.getAsLong())
          .as("%s = %s answered %s but stored rows", where, json(value), status)
          .isEqualTo(before);
    }
    return status;
  }

  /**
   * {@link #check}s {@code GET path?name=value} for every path and each of its parameter names, one
   * parameter at a time (so that each is reached), with {@code bearer}'s token.
   */
  public static void checkQueryParameters(
      WebTestClient web,
      String bearer,
      Map<String, List<String>> parameters,
      String value,
      LongSupplier rows) {
    parameters.forEach(
        (path, names) -> {
          for (String name : names) {
            check(
                "GET " + path + " " + name,
                value,
                web.get()
                    .uri(b -> b.path(path).queryParam(name, "{v}").build(value))
                    .headers(h -> h.setBearerAuth(bearer)),
                rows);
          }
        });
  }
}
