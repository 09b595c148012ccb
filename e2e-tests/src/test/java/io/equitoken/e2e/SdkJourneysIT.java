package io.equitoken.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.sdk.Equitoken;
import io.equitoken.sdk.Pages;
import io.equitoken.sdk.Webhooks;
import io.equitoken.sdk.api.EquityTokensApi;
import io.equitoken.sdk.api.LiquidityWindowsApi;
import io.equitoken.sdk.api.OrdersApi;
import io.equitoken.sdk.api.WebhookDeliveriesApi;
import io.equitoken.sdk.api.WebhookSubscriptionsApi;
import io.equitoken.sdk.model.LiquidityWindow;
import io.equitoken.sdk.model.OrderAccepted;
import io.equitoken.sdk.model.OrderState;
import io.equitoken.sdk.model.OrderStatus;
import io.equitoken.sdk.model.TradeOrder;
import io.equitoken.sdk.model.WebhookSubscriptionCreate;
import io.equitoken.sdk.model.WebhookSubscriptionCreated;
import io.equitoken.sdk.model.WebhookTradeExecutedData;
import io.equitoken.sdk.model.WindowStatus;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;

/**
 * The official SDKs against the running platform, with nothing but API keys: an investor's buy to
 * its fill and a partner's verified delivery of it, through the Java SDK and through the TypeScript
 * SDK's journey script.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SdkJourneysIT extends ThroughTheGateway {

  SdkJourneysIT(E2ePlatform e2e) {
    super(e2e);
  }

  @Test
  @Order(1)
  void shouldCarryAnInvestorsBuyToFillAndAPartnersVerifiedDeliveryThroughTheJavaSdk()
      throws Exception {
    // given the official Java SDK, configured with nothing but API keys: it fetches and renews the
    // 20-second tokens, puts an Idempotency-Key on each POST and retries 429/503 by itself
    String investorKey = apiKeyFor(DEMO_INVESTOR, "investor");
    Equitoken investor = sdk(investorKey);
    String partnerKey = apiKeyFor("partner-e2e-" + UUID.randomUUID(), "partner");
    Equitoken partner = sdk(partnerKey);

    // and a partner's subscription, made and tested through the SDK
    WebhookSubscriptionCreated subscription =
        partner
            .api(WebhookSubscriptionsApi::new)
            .createWebhookSubscription(
                new WebhookSubscriptionCreate()
                    .url(receiver.url())
                    .eventTypes(List.of("trade.executed", "window.opened"))
                    .description("sdk e2e"),
                null);
    assertThat(subscription.getSecret()).startsWith("whsec_");
    partner.api(WebhookDeliveriesApi::new).testWebhookSubscription(subscription.getId());

    // when the investor buys 10 in an open window through the SDK
    LiquidityWindow window =
        eventually(
            () ->
                Pages.all(
                        cursor ->
                            investor
                                .api(LiquidityWindowsApi::new)
                                .listLiquidityWindowsWithHttpInfo(
                                    WindowStatus.OPEN, null, null, null, 100, cursor))
                    .filter(w -> !w.getTokenIds().isEmpty())
                    .findFirst()
                    .orElse(null));
    String tokenId = window.getTokenIds().get(0);
    BigDecimal limit =
        investor
            .api(EquityTokensApi::new)
            .getToken(tokenId)
            .getPrice()
            .multiply(BigDecimal.valueOf(2))
            .setScale(2, RoundingMode.DOWN);
    OrderAccepted accepted =
        investor
            .api(OrdersApi::new)
            .placeOrder(
                new TradeOrder()
                    .tokenId(tokenId)
                    .type(TradeOrder.TypeEnum.BUY)
                    .quantity(BigDecimal.TEN)
                    .maxPrice(limit),
                null);

    // then it fills, as the SDK reads it
    OrderState filled =
        eventually(
            () -> {
              OrderState s =
                  investor.api(OrdersApi::new).getOrderStatus(accepted.getTradeId().toString());
              return s.getStatus() == OrderStatus.FILLED ? s : null;
            });
    assertThat(filled.getFilledQuantity()).isEqualByComparingTo("10");
    String execution = filled.getFills().get(0).getTradeId();

    // and the partner's receiver got the test delivery and the public trade, both verified by the
    // SDK's Standard Webhooks verifier with the subscription's secret
    Webhooks webhooks = new Webhooks(subscription.getSecret());
    Webhooks.Event test = awaitVerified(webhooks, "webhook.test", null, null);
    assertThat(test.data().get("subscriptionId").asText())
        .isEqualTo(subscription.getId().toString());
    Webhooks.Event trade = awaitVerified(webhooks, "trade.executed", "tradeId", execution);
    assertThat(trade.data(WebhookTradeExecutedData.class).getQuantity()).isEqualByComparingTo("10");
    assertThat(trade.data().has("buyerId")).as("the buyer is not disclosed").isFalse();
  }

  @Test
  @Order(2)
  void shouldCarryTheSameJourneyThroughTheTypeScriptSdk() throws Exception {
    // given the official TypeScript SDK's journey script, built by ./mvnw verify, with nothing but
    // two API keys and the gateway's certificate
    Path journey = Path.of("..", "sdk", "typescript", "dist", "e2e", "journey.js");
    assertThat(journey).as("built by the sdk/typescript module").exists();
    String investorKey = apiKeyFor(DEMO_INVESTOR, "investor");
    String partnerKey = apiKeyFor("partner-ts-e2e-" + UUID.randomUUID(), "partner");
    ProcessBuilder node = new ProcessBuilder("node", journey.toString());
    Map<String, String> env = node.environment();
    env.put("EQUITOKEN_URL", platform.gatewayUrl());
    env.put("NODE_EXTRA_CA_CERTS", platform.gatewayCertificate().toString());
    env.put("INVESTOR_API_KEY", investorKey.substring(0, investorKey.indexOf(' ')));
    env.put("INVESTOR_SECRET", investorKey.substring(investorKey.indexOf(' ') + 1));
    env.put("PARTNER_API_KEY", partnerKey.substring(0, partnerKey.indexOf(' ')));
    env.put("PARTNER_SECRET", partnerKey.substring(partnerKey.indexOf(' ') + 1));
    Path errors = Files.createTempFile("typescript-journey", ".log");
    node.redirectError(errors.toFile());

    // when it runs (bounded: its own waits give up after 90 seconds each)
    Process run = node.start();
    String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    boolean ended = run.waitFor(4, java.util.concurrent.TimeUnit.MINUTES);
    if (!ended) {
      run.destroyForcibly();
    }
    String stderr = Files.readString(errors);
    Files.deleteIfExists(errors);

    // then the investor's buy filled and the partner's delivery of it verified
    assertThat(ended).as("the journey ended: " + stderr).isTrue();
    assertThat(run.exitValue()).as(stderr).isZero();
    JsonNode seen = json.readTree(out.strip());
    assertThat(seen.get("status").asString()).isEqualTo("filled");
    assertThat(seen.get("filledQuantity").decimalValue()).isEqualByComparingTo("10");
    assertThat(seen.get("verifiedType").asString()).isEqualTo("trade.executed");
    assertThat(seen.get("verifiedQuantity").decimalValue()).isEqualByComparingTo("10");
    // and the execution it verified is the investor's own fill, as the API reads it
    String bearer =
        tokenOf(
            investorKey.substring(0, investorKey.indexOf(' ')),
            investorKey.substring(investorKey.indexOf(' ') + 1));
    HttpResponse<String> status =
        gateway.get("/trade/status/" + seen.get("orderId").asString(), bearer);
    assertThat(status.statusCode()).as(status.body()).isEqualTo(200);
    assertThat(json.readTree(status.body()).get("fills").get(0).get("tradeId").asString())
        .isEqualTo(seen.get("executionId").asString());
  }
}
