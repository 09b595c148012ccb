package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoReceiverTest {

  @TempDir Path dir;

  @Test
  void shouldAnswer204AndLogEachDeliveryWithItsWebhookId() throws Exception {
    Path log = dir.resolve("logs/demo-receiver.log");
    try (DemoReceiver receiver = DemoReceiver.start(0, log)) {
      HttpResponse<Void> response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create("http://127.0.0.1:" + receiver.port() + "/hooks"))
                      .timeout(Duration.ofSeconds(10))
                      .header("webhook-id", "msg_1")
                      .header("webhook-timestamp", "1795430400")
                      .header("webhook-signature", "v1,abc=")
                      .POST(HttpRequest.BodyPublishers.ofString("{\"type\":\"webhook.test\"}"))
                      .build(),
                  HttpResponse.BodyHandlers.discarding());

      assertThat(response.statusCode()).isEqualTo(204);
      assertThat(Files.readString(log))
          .contains("webhook-id=msg_1")
          .contains("webhook-signature=v1,abc=")
          .contains("{\"type\":\"webhook.test\"}");
    }
  }
}
