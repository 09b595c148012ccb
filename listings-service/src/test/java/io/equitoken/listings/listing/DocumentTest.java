package io.equitoken.listings.listing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DocumentTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "https://docs.example.com/deck.pdf",
        "http://example.org",
        "HTTPS://EXAMPLE.COM/a?b=c#d",
        "https://example.com:8443/path"
      })
  void shouldAcceptAbsoluteHttpAndHttpsUrls(String url) {
    assertThat(Document.isAcceptableUrl(url)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "/relative/deck.pdf",
        "deck.pdf",
        "ftp://example.com/deck.pdf",
        "javascript:alert(1)",
        "file:///etc/passwd",
        "data:text/html,hi",
        "https://",
        "https:///path-only",
        "https://exa mple.com/deck.pdf",
        "mailto:founder@example.com"
      })
  void shouldRejectAnythingButAnAbsoluteHttpUrlWithAHost(String url) {
    assertThat(Document.isAcceptableUrl(url)).isFalse();
  }
}
