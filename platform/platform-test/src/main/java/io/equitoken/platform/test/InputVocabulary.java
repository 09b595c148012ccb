package io.equitoken.platform.test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The checks of every service's {@code InputVocabularyIT}: each input mistake answers its one
 * {@code 400} problem of docs/conventions.md, "Input mistakes", naming the parameter or member.
 *
 * <pre>{@code
 * Function<String, WebTestClient.ResponseSpec> get =
 *     uri -> web.get().uri(uri).headers(h -> h.setBearerAuth(token)).exchange();
 * InputVocabulary.assertEveryBadLimitRefused(get, "/listings", InputVocabulary.BAD_LIMITS);
 * InputVocabulary.assertEveryForeignCursorRefused(get, "/listings", List.of("AB8A", …));
 * InputVocabulary.assertMistake(get.apply("/listings?sector=x"), "invalid-parameter", "sector");
 * }</pre>
 */
public final class InputVocabulary {

  /** Limits that are not a whole number 1..100: {@code 400 invalid-limit}. */
  public static final List<String> BAD_LIMITS = List.of("0", "101", "ten", "1.5");

  /** The separator of a cursor's key parts, as platform-web's {@code CursorPage} joins them. */
  public static final String CURSOR_PART_SEPARATOR = "\u001f";

  private InputVocabulary() {}

  /**
   * Asserts the answer is the mistake's one problem: {@code 400}, {@code application/problem+json},
   * {@code code}, {@code status} and {@code field}; answers the body for further members (e.g.
   * {@code allowed}).
   */
  public static WebTestClient.BodyContentSpec assertMistake(
      WebTestClient.ResponseSpec answer, String code, String field) {
    return answer
        .expectStatus()
        .isBadRequest()
        .expectHeader()
        .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo(code)
        .jsonPath("$.status")
        .isEqualTo(400)
        .jsonPath("$.field")
        .isEqualTo(field);
  }

  /** Every one of {@code limits} on the list {@code uri} is {@code 400 invalid-limit}. */
  public static void assertEveryBadLimitRefused(
      Function<String, WebTestClient.ResponseSpec> get, String uri, List<String> limits) {
    for (String limit : limits) {
      assertMistake(get.apply(withParameter(uri, "limit", limit)), "invalid-limit", "limit");
    }
  }

  /** Every one of {@code cursors} on the list {@code uri} is {@code 400 invalid-cursor}. */
  public static void assertEveryForeignCursorRefused(
      Function<String, WebTestClient.ResponseSpec> get, String uri, List<String> cursors) {
    for (String cursor : cursors) {
      assertMistake(get.apply(withParameter(uri, "cursor", cursor)), "invalid-cursor", "cursor");
    }
  }

  /**
   * A cursor in the API's encoding (base64url of the parts) holding parts it never issued, e.g. a
   * timestamp part that is no timestamp.
   */
  public static String cursor(String... parts) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(String.join(CURSOR_PART_SEPARATOR, parts).getBytes(StandardCharsets.UTF_8));
  }

  private static String withParameter(String uri, String name, String value) {
    return uri + (uri.contains("?") ? "&" : "?") + name + "=" + value;
  }
}
