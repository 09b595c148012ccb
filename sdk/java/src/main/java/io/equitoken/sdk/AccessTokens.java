package io.equitoken.sdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * Access tokens from an API key: {@code POST /auth/token} with the key and its secret, kept until
 * shortly before they expire ({@link #RENEW_BEFORE}) and fetched again then, or at once after a
 * {@code 401} ({@link #invalidate()}).
 */
public final class AccessTokens {

  /** A token is renewed this long before its {@code expiresIn} runs out. */
  public static final Duration RENEW_BEFORE = Duration.ofSeconds(60);

  private final HttpClient http;
  private final URI tokenUri;
  private final String apiKey;
  private final String secret;
  private final Clock clock;
  private final ObjectMapper json = new ObjectMapper();
  private String token;
  private Instant renewAt = Instant.MIN;

  public AccessTokens(HttpClient http, URI baseUri, String apiKey, String secret, Clock clock) {
    this.http = http;
    this.tokenUri = baseUri.resolve("/auth/token");
    this.apiKey = apiKey;
    this.secret = secret;
    this.clock = clock;
  }

  /** The current token, fetched first when there is none or it is about to expire. */
  public synchronized String current() throws IOException, InterruptedException {
    if (token == null || !clock.instant().isBefore(renewAt)) {
      fetch();
    }
    return token;
  }

  /** Forgets the current token (e.g. after a {@code 401}); the next call fetches a new one. */
  public synchronized void invalidate() {
    token = null;
  }

  private void fetch() throws IOException, InterruptedException {
    String body = json.writeValueAsString(Map.of("apiKey", apiKey, "secret", secret));
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(tokenUri)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException(
          "POST /auth/token answered " + response.statusCode() + ": " + response.body());
    }
    JsonNode answer = json.readTree(response.body());
    token = answer.path("accessToken").asText();
    long seconds = answer.path("expiresIn").asLong(300);
    // renew a minute early, or halfway through a token that lives two minutes or less
    long keep = Math.max(seconds - RENEW_BEFORE.toSeconds(), seconds / 2);
    renewAt = clock.instant().plusSeconds(keep);
  }
}
