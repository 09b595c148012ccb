package io.equitoken.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a partner needs is in the one merged document: every service's description, the webhooks of
 * the catalogue webhook-service serves, the problem codes on the operations that answer them, and
 * {@code Idempotent-Replayed} wherever an {@code Idempotency-Key} is taken.
 */
class MergedDocumentTest {

  private static final Path CONTRACTS = Path.of("..", "contracts");
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static OpenApiBundler.Result result;
  private static Map<String, Object> merged;

  @BeforeAll
  static void bundle() throws IOException {
    result = new OpenApiBundler(CONTRACTS.resolve("openapi")).bundle();
    merged = result.merged();
  }

  @Test
  void shouldCarryEveryServiceDescription() {
    String description = String.valueOf(map(merged, "info").get("description"));
    for (var service : result.services().entrySet()) {
      Object text = map(service.getValue(), "info").get("description");
      if (text == null) {
        continue;
      }
      String own = String.valueOf(text).strip();
      assertThat(description)
          .as(service.getKey() + "'s description")
          .contains(own.substring(0, Math.min(200, own.length())));
    }
    String whole = OpenApiBundler.dumpJson(merged);
    assertThat(whole).contains("gate-kyc-required", "webhook-signature", "off-grid", "lotSize");
  }

  @Test
  @SuppressWarnings("unchecked")
  void shouldOfferEveryCatalogueTypeAsAWebhookWithItsPublishedSchemaAndExample()
      throws IOException {
    Map<String, Object> catalogue =
        JSON.readValue(
            Files.readString(CONTRACTS.resolve("webhooks/event-types.json")), LinkedHashMap.class);
    TreeSet<String> expected = new TreeSet<>();
    Map<String, List<String>> dropped = new LinkedHashMap<>();
    for (Object entry : (List<Object>) catalogue.get("types")) {
      Map<String, Object> type = (Map<String, Object>) entry;
      expected.add(String.valueOf(type.get("name")));
      dropped.put(String.valueOf(type.get("name")), (List<String>) type.get("droppedFields"));
    }
    expected.add(String.valueOf(((Map<String, Object>) catalogue.get("test")).get("name")));

    Map<String, Object> webhooks = map(merged, "webhooks");
    assertThat(new TreeSet<>(webhooks.keySet()))
        .as("webhooks of the merged document against contracts/webhooks/event-types.json")
        .isEqualTo(expected);

    List<String> violations = new ArrayList<>();
    for (var webhook : webhooks.entrySet()) {
      Map<String, Object> post = map((Map<String, Object>) webhook.getValue(), "post");
      Map<String, Object> media = map(map(map(post, "requestBody"), "content"), "application/json");
      String envelope = String.valueOf(map(media, "schema").get("$ref"));
      Map<String, Object> envelopeSchema = resolve(envelope);
      String dataRef = String.valueOf(map(map(envelopeSchema, "properties"), "data").get("$ref"));
      Map<String, Object> data = resolve(dataRef);
      Map<String, Object> body =
          (Map<String, Object>) map(map(media, "examples"), webhook.getKey()).get("value");
      assertThat(body).containsEntry("type", webhook.getKey());
      assertThat(OpenApiBundler.dumpJson(data)).doesNotContain("\"additionalProperties\" : false");
      for (String field : dropped.getOrDefault(webhook.getKey(), List.of())) {
        assertThat(map(data, "properties")).as(webhook.getKey()).doesNotContainKey(field);
        assertThat((Map<String, Object>) body.get("data")).doesNotContainKey(field);
      }
      var validator =
          JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
              .getSchema(
                  JSON.writeValueAsString(data),
                  SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build());
      for (ValidationMessage m :
          validator.validate(JSON.writeValueAsString(body.get("data")), InputFormat.JSON)) {
        violations.add(webhook.getKey() + ": " + m.getMessage());
      }
      assertThat(post.get("parameters").toString())
          .contains("WebhookId", "WebhookTimestamp", "WebhookSignature");
    }
    assertThat(violations).as("examples against their published schemas").isEmpty();
  }

  @Test
  @SuppressWarnings("unchecked")
  void shouldSayIdempotentReplayedOnEverySuccessOfAnIdempotentOperation() {
    List<String> idempotent = new ArrayList<>();
    for (var path : map(merged, "paths").entrySet()) {
      for (var op : ((Map<String, Object>) path.getValue()).entrySet()) {
        if (!(op.getValue() instanceof Map<?, ?> operation)
            || !OpenApiBundler.isIdempotent(operation)) {
          continue;
        }
        idempotent.add(op.getKey() + " " + path.getKey());
        for (var response : map((Map<String, Object>) operation, "responses").entrySet()) {
          if (response.getKey().startsWith("2")) {
            assertThat(map((Map<String, Object>) response.getValue(), "headers"))
                .as(op.getKey() + " " + path.getKey() + " " + response.getKey())
                .containsKey("Idempotent-Replayed");
          }
        }
      }
    }
    assertThat(idempotent)
        .contains(
            "post /trade",
            "post /webhooks/subscriptions",
            "post /compliance/kyc",
            "post /developer/api-key",
            "post /tokens/{tokenId}/transfers");
  }

  @Test
  @SuppressWarnings("unchecked")
  void shouldShowEachGateAsAnExampleOfTheOrderIntakeForbiddenAnswer() {
    Map<String, Object> forbidden =
        map(map(map(map(map(merged, "paths"), "/trade"), "post"), "responses"), "403");
    Map<String, Object> media = map(map(forbidden, "content"), "application/problem+json");
    Map<String, Object> examples = map(media, "examples");
    assertThat(examples)
        .containsKeys(
            "gate-founders-sell-only",
            "gate-kyc-required",
            "gate-kyc-pending",
            "gate-kyc-revision-required",
            "gate-kyc-rejected",
            "gate-kyc-expired",
            "gate-token-not-tradable",
            "gate-window-closed");
    Map<String, Object> value =
        (Map<String, Object>) map(examples, "gate-kyc-required").get("value");
    assertThat(value)
        .containsEntry("status", 403)
        .containsEntry("code", "gate-kyc-required")
        .containsKey("nextStep");
    assertThat(OpenApiBundler.dumpJson(media)).contains("\"nextStep\"");
    assertThat(map(forbidden, "headers")).containsKeys("RateLimit-Limit", "RateLimit-Remaining");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> resolve(String ref) {
    Object node = merged;
    for (String part : ref.substring(2).split("/")) {
      node = ((Map<String, Object>) node).get(part);
    }
    assertThat(node).as(ref).isNotNull();
    return (Map<String, Object>) node;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Map<String, Object> parent, String key) {
    Object child = parent.get(key);
    assertThat(child).as(key).isInstanceOf(Map.class);
    return (Map<String, Object>) child;
  }
}
