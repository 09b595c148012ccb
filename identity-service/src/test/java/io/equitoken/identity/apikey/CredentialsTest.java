package io.equitoken.identity.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CredentialsTest {

  @Test
  void shouldIssueUrlSafeHighEntropySecrets() {
    String secret = Credentials.newSecret();
    assertThat(secret).startsWith("etks_").matches("etks_[A-Za-z0-9_-]{43}");
  }

  @Test
  void shouldIssueRandomApiKeyIds() {
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < 1000; i++) {
      ids.add(Credentials.newApiKeyId());
    }
    assertThat(ids).hasSize(1000).allMatch(id -> id.matches("etk_[A-Za-z0-9_-]{22}"));
  }
}
