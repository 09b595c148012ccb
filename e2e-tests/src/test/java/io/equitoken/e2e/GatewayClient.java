package io.equitoken.e2e;

import io.equitoken.platform.test.TestTls;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Talks to the gateway as a client would: HTTPS, trusting only the certificate the gateway
 * generated (with hostname verification), bearer tokens in the Authorization header.
 */
final class GatewayClient {

  private final String baseUrl;
  private final HttpClient http;

  GatewayClient(String baseUrl, Path certificatePem) {
    this.baseUrl = baseUrl;
    this.http =
        HttpClient.newBuilder()
            .sslContext(TestTls.trustingPem(certificatePem))
            .connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  HttpResponse<String> get(String path, String token) {
    return send(request(path, token).GET());
  }

  HttpResponse<String> postJson(String path, String token, String json) {
    return postJson(path, token, json, java.util.Map.of());
  }

  HttpResponse<String> postJson(
      String path, String token, String json, java.util.Map<String, String> headers) {
    HttpRequest.Builder request =
        request(path, token)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json));
    headers.forEach(request::header);
    return send(request);
  }

  HttpResponse<String> putJson(String path, String token, String json) {
    return send(
        request(path, token)
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(json)));
  }

  private HttpRequest.Builder request(String path, String token) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(baseUrl + path))
            .timeout(Duration.ofSeconds(30))
            .header("Accept", "application/json");
    if (token != null) {
      builder.header("Authorization", "Bearer " + token);
    }
    return builder;
  }

  private HttpResponse<String> send(HttpRequest.Builder request) {
    try {
      return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
