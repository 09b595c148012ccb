package io.equitoken.gateway.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

class TlsEnvironmentPostProcessorTest {

  @TempDir Path dir;

  private final TlsEnvironmentPostProcessor processor =
      new TlsEnvironmentPostProcessor(supplier -> LogFactory.getLog(getClass()));

  private StandardEnvironment environment(Map<String, Object> properties) {
    StandardEnvironment environment = new StandardEnvironment();
    environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
    return environment;
  }

  @Test
  void shouldPointServerSslAtAGeneratedCertificateWhenSelfSignedDirIsSet() {
    // given
    StandardEnvironment environment =
        environment(Map.of(TlsEnvironmentPostProcessor.SELF_SIGNED_DIR, dir.toString()));

    // when
    processor.postProcessEnvironment(environment, new SpringApplication());

    // then
    assertThat(environment.getProperty("server.ssl.enabled")).isEqualTo("true");
    assertThat(environment.getProperty("server.ssl.key-store"))
        .isEqualTo(dir.resolve("gateway.p12").toUri().toString());
    assertThat(environment.getProperty("server.ssl.key-store-type")).isEqualTo("PKCS12");
    assertThat(environment.getProperty("server.ssl.key-store-password")).isNotBlank();
    assertThat(Files.isRegularFile(dir.resolve("gateway.crt"))).isTrue();
  }

  @Test
  void shouldLeaveAMountedKeystoreAlone() {
    StandardEnvironment environment =
        environment(
            Map.of(
                "server.ssl.key-store",
                "file:/etc/tls/gateway.p12",
                TlsEnvironmentPostProcessor.SELF_SIGNED_DIR,
                dir.toString()));

    processor.postProcessEnvironment(environment, new SpringApplication());

    assertThat(environment.getProperty("server.ssl.key-store"))
        .isEqualTo("file:/etc/tls/gateway.p12");
    assertThat(dir.resolve("gateway.p12")).doesNotExist();
  }

  @Test
  void shouldRefuseToStartWithoutTls() {
    StandardEnvironment environment = environment(Map.of());

    assertThatThrownBy(() -> processor.postProcessEnvironment(environment, new SpringApplication()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("HTTPS only");
  }

  @Test
  void shouldAllowPlainHttpOnlyWithTheTestFlag() {
    StandardEnvironment environment =
        environment(Map.of(TlsEnvironmentPostProcessor.ALLOW_PLAIN_FOR_TESTS, "true"));

    processor.postProcessEnvironment(environment, new SpringApplication());

    assertThat(environment.getProperty("server.ssl.key-store")).isNull();
  }
}
