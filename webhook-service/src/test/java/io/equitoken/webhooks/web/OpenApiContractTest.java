package io.equitoken.webhooks.web;

import io.equitoken.platform.test.OpenApiContract;
import org.junit.jupiter.api.Test;

/** Keeps contracts/openapi/webhook-service.yaml in step with the code. */
class OpenApiContractTest {

  private final OpenApiContract contract = OpenApiContract.of("webhook-service");

  @Test
  void shouldDocumentExactlyTheEndpointsOfTheRoleMatrix() {
    contract.assertDocumentsExactly(new WebhooksRoleMatrix().roleMatrix());
  }

  @Test
  void shouldDocumentEveryFieldOfEveryAnswerAndRequest() {
    contract.assertProperties("WebhookSubscription", Views.SubscriptionView.class);
    contract.assertProperties("WebhookSubscriptionCreated", Views.CreatedSubscriptionView.class);
    contract.assertProperties("WebhookEventType", Views.EventTypeView.class);
    contract.assertProperties("WebhookDelivery", Views.DeliveryView.class);
    contract.assertProperties("WebhookAttempt", Views.AttemptView.class);
    contract.assertProperties("WebhookTestResult", Views.TestView.class);
    contract.assertProperties("WebhookSubscriptionCreate", Requests.CreateSubscription.class);
    contract.assertProperties("WebhookSubscriptionUpdate", Requests.UpdateSubscription.class);
  }
}
