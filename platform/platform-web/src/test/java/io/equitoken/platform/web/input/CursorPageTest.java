package io.equitoken.platform.web.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.equitoken.platform.core.RefusedException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

class CursorPageTest {

  @Test
  void shouldRoundTripTypedKeyParts() {
    Instant at = Instant.parse("2026-11-20T10:00:00.123456Z");
    UUID id = UUID.randomUUID();
    CursorPage.Key key = CursorPage.decode(CursorPage.encode(at, id, 42L, "Acme"), 4);
    assertThat(key.instant(0)).isEqualTo(at);
    assertThat(key.uuid(1)).isEqualTo(id);
    assertThat(key.number(2)).isEqualTo(42L);
    assertThat(key.text(3)).isEqualTo("Acme");
  }

  @Test
  void shouldAnswerEveryForeignCursorWithInvalidCursor() {
    invalidCursor(() -> CursorPage.decode("%%%", 2));
    invalidCursor(() -> CursorPage.decode(CursorPage.encode("only-one"), 2));
    invalidCursor(() -> CursorPage.decode("AB8A", 2)); // two NUL parts
    invalidCursor(() -> CursorPage.decode("gB-A", 1)); // not UTF-8
    invalidCursor(() -> CursorPage.decode(CursorPage.encode("yesterday", "x"), 2).instant(0));
    invalidCursor(
        () -> CursorPage.decode(CursorPage.encode("+999999999-12-31T23:59:59Z"), 1).instant(0));
    invalidCursor(() -> CursorPage.decode(CursorPage.encode("1-1-1-1-1"), 1).uuid(0));
    invalidCursor(() -> CursorPage.decode(CursorPage.encode("x"), 1).number(0));
    invalidCursor(() -> CursorPage.request("10", "%%%", 2));
  }

  @Test
  void shouldKeepThePageSizeAndLinkTheNextPageOnlyWhenThereIsMore() {
    CursorPage.Request request = CursorPage.request("2", null, 1);
    assertThat(request.after()).isNull();
    assertThat(request.fetch()).isEqualTo(3);

    MockServerWebExchange full =
        MockServerWebExchange.from(MockServerHttpRequest.get("/things?status=a&limit=2"));
    List<String> page = request.answer(List.of("a", "b", "c"), full, CursorPage::encode);
    assertThat(page).containsExactly("a", "b");
    String link = full.getResponse().getHeaders().getFirst(HttpHeaders.LINK);
    assertThat(link)
        .isEqualTo(
            "</things?status=a&limit=2&cursor=" + CursorPage.encode("b") + ">; rel=\"next\"");

    MockServerWebExchange last = MockServerWebExchange.from(MockServerHttpRequest.get("/things"));
    assertThat(request.answer(List.of("a", "b"), last, CursorPage::encode))
        .containsExactly("a", "b");
    assertThat(last.getResponse().getHeaders().get(HttpHeaders.LINK)).isNull();
  }

  @Test
  void shouldReplaceTheCursorOfThePageItFollows() {
    String first = CursorPage.encode("a");
    MockServerWebExchange exchange =
        MockServerWebExchange.from(MockServerHttpRequest.get("/things?cursor=" + first));
    CursorPage.Request request = CursorPage.request("1", first, 1);
    assertThat(request.after().text(0)).isEqualTo("a");
    request.answer(List.of("b", "c"), exchange, CursorPage::encode);
    assertThat(exchange.getResponse().getHeaders().getFirst(HttpHeaders.LINK))
        .isEqualTo("</things?cursor=" + CursorPage.encode("b") + ">; rel=\"next\"");
  }

  @Test
  void shouldRefuseABadLimitBeforeReadingAnything() {
    RefusedException e =
        catchThrowableOfType(RefusedException.class, () -> CursorPage.request("0", null, 1));
    assertThat(e.refusal().code()).isEqualTo("invalid-limit");
  }

  private static void invalidCursor(ThrowingCallable call) {
    RefusedException e = catchThrowableOfType(RefusedException.class, call);
    assertThat(e).as("refused").isNotNull();
    assertThat(e.refusal().code()).isEqualTo("invalid-cursor");
    assertThat(e.refusal().field()).isEqualTo("cursor");
    assertThat(e.refusal().status()).isEqualTo(400);
  }
}
