package io.equitoken.webhooks.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** Keeps contracts/openapi/webhook-service.yaml in step with the code. */
class OpenApiContractTest {

  private static final Path SPEC = Path.of("..", "contracts", "openapi", "webhook-service.yaml");

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec() throws IOException {
    try (Reader reader = Files.newBufferedReader(SPEC)) {
      return new Yaml().load(reader);
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void shouldDocumentExactlyTheEndpointsOfTheRoleMatrix() throws IOException {
    Map<String, Map<String, Object>> paths = (Map<String, Map<String, Object>>) spec().get("paths");
    Set<String> documented =
        paths.entrySet().stream()
            .flatMap(
                p ->
                    p.getValue().keySet().stream()
                        .filter(m -> !m.equals("parameters"))
                        .map(m -> m.toUpperCase(Locale.ROOT) + " " + p.getKey()))
            .collect(Collectors.toSet());
    Set<String> enforced =
        new WebhooksRoleMatrix()
            .roleMatrix().rules().stream()
                .map(r -> r.method().name() + " " + r.pathPattern())
                .collect(Collectors.toSet());
    assertThat(documented).isEqualTo(enforced);
  }

  @Test
  void shouldDocumentEveryFieldOfEveryAnswerAndRequest() throws IOException {
    assertProperties("WebhookSubscription", Views.SubscriptionView.class);
    assertProperties("WebhookSubscriptionCreated", Views.CreatedSubscriptionView.class);
    assertProperties("WebhookEventType", Views.EventTypeView.class);
    assertProperties("WebhookDelivery", Views.DeliveryView.class);
    assertProperties("WebhookAttempt", Views.AttemptView.class);
    assertProperties("WebhookTestResult", Views.TestView.class);
    assertProperties("WebhookSubscriptionCreate", Requests.CreateSubscription.class);
    assertProperties("WebhookSubscriptionUpdate", Requests.UpdateSubscription.class);
  }

  @SuppressWarnings("unchecked")
  private static void assertProperties(String schema, Class<? extends Record> type)
      throws IOException {
    Map<String, Object> components = (Map<String, Object>) spec().get("components");
    Map<String, Object> s =
        (Map<String, Object>) ((Map<String, Object>) components.get("schemas")).get(schema);
    Map<String, Object> properties = (Map<String, Object>) s.get("properties");
    List<String> names =
        Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
    assertThat(properties.keySet()).as(schema).containsExactlyInAnyOrderElementsOf(names);
  }
}
