package io.equitoken.sdk;

import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * The generated {@code ApiClient} asks a builder for its {@link HttpClient}: this one always
 * answers the {@link EquitokenHttpClient} (settings go to the JDK builder behind it).
 */
final class FixedClientBuilder implements HttpClient.Builder {

  private final HttpClient.Builder settings;
  private final HttpClient client;

  FixedClientBuilder(HttpClient.Builder settings, HttpClient client) {
    this.settings = settings;
    this.client = client;
  }

  @Override
  public HttpClient.Builder cookieHandler(CookieHandler cookieHandler) {
    settings.cookieHandler(cookieHandler);
    return this;
  }

  @Override
  public HttpClient.Builder connectTimeout(Duration duration) {
    settings.connectTimeout(duration);
    return this;
  }

  @Override
  public HttpClient.Builder sslContext(SSLContext sslContext) {
    settings.sslContext(sslContext);
    return this;
  }

  @Override
  public HttpClient.Builder sslParameters(SSLParameters sslParameters) {
    settings.sslParameters(sslParameters);
    return this;
  }

  @Override
  public HttpClient.Builder executor(Executor executor) {
    settings.executor(executor);
    return this;
  }

  @Override
  public HttpClient.Builder followRedirects(HttpClient.Redirect policy) {
    settings.followRedirects(policy);
    return this;
  }

  @Override
  public HttpClient.Builder version(HttpClient.Version version) {
    settings.version(version);
    return this;
  }

  @Override
  public HttpClient.Builder priority(int priority) {
    settings.priority(priority);
    return this;
  }

  @Override
  public HttpClient.Builder proxy(ProxySelector proxySelector) {
    settings.proxy(proxySelector);
    return this;
  }

  @Override
  public HttpClient.Builder authenticator(Authenticator authenticator) {
    settings.authenticator(authenticator);
    return this;
  }

  @Override
  public HttpClient build() {
    return client;
  }
}
