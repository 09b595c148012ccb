package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.test.EventContracts;
import io.equitoken.platform.test.WebhookReceiver;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For every private type: the event reaches the subscriptions of the principal it belongs to and of
 * operators, and never a subscription of anyone else — who could not read it through the API
 * either. Fan-out of one event is one transaction, so once the owner's delivery exists, the
 * outsider's would exist too if it were (wrongly) made.
 */
class PrivateEventsIT extends WebhooksIntegrationBase {

  private final List<WebhookReceiver> receivers = new java.util.ArrayList<>();
  private final List<String> principals = new java.util.ArrayList<>();

  @AfterEach
  void close() {
    for (String p : principals) {
      db.sql("delete from subscription where owner_id = $1").bind(0, p).then().block();
    }
    receivers.forEach(WebhookReceiver::close);
  }

  static Stream<Arguments> privateTypes() {
    return Stream.of(
        Arguments.of("order.accepted", "equitoken.trading.order.accepted.v1", List.of("ownerId")),
        Arguments.of("order.rejected", "equitoken.trading.order.rejected.v1", List.of("ownerId")),
        Arguments.of("order.filled", "equitoken.trading.order.filled.v1", List.of("ownerId")),
        Arguments.of("order.cancelled", "equitoken.trading.order.cancelled.v1", List.of("ownerId")),
        Arguments.of("order.expired", "equitoken.trading.order.expired.v1", List.of("ownerId")),
        Arguments.of("holding.changed", "equitoken.trading.holding.changed.v1", List.of("ownerId")),
        Arguments.of("cash.changed", "equitoken.trading.cash.changed.v1", List.of("ownerId")),
        Arguments.of(
            "cash.deposit.recorded",
            "equitoken.trading.cash.deposit.recorded.v1",
            List.of("ownerId")),
        Arguments.of(
            "cash.withdrawal.requested",
            "equitoken.trading.cash.withdrawal.requested.v1",
            List.of("ownerId")),
        Arguments.of(
            "cash.withdrawal.paid",
            "equitoken.trading.cash.withdrawal.paid.v1",
            List.of("ownerId")),
        Arguments.of(
            "cash.withdrawal.failed",
            "equitoken.trading.cash.withdrawal.failed.v1",
            List.of("ownerId")),
        Arguments.of(
            "transfer.executed",
            "equitoken.trading.transfer.executed.v1",
            List.of("fromId", "toId")),
        Arguments.of(
            "compliance.status.changed",
            "equitoken.compliance.status.changed.v1",
            List.of("investorId")));
  }

  private String principal() {
    String p = Api.newPrincipal();
    principals.add(p);
    return p;
  }

  private WebhookReceiver receiver() {
    WebhookReceiver r = new WebhookReceiver();
    receivers.add(r);
    return r;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("privateTypes")
  void shouldReachOnlyTheOwnersAndOperators(String name, String type, List<String> ownerFields) {
    // given a subscription of each owner, one of an outsider and one of an operator
    List<String> owners = ownerFields.stream().map(f -> principal()).toList();
    String outsider = principal();
    principals.add(Api.OPERATOR);
    List<WebhookReceiver> ownerReceivers = owners.stream().map(o -> receiver()).toList();
    List<String> ownerSubscriptions =
        java.util.stream.IntStream.range(0, owners.size())
            .mapToObj(
                i ->
                    api.subscribe(Api.investor(owners.get(i)), ownerReceivers.get(i).url(), name)
                        .get("id")
                        .asString())
            .toList();
    WebhookReceiver outsiderReceiver = receiver();
    String outsiderSubscription =
        api.subscribe(Api.investor(outsider), outsiderReceiver.url(), name).get("id").asString();
    WebhookReceiver operatorReceiver = receiver();
    api.subscribe(Api.operator(), operatorReceiver.url(), name);

    // when the contract's example event is published for those owners
    String data =
        Events.example(
            type,
            e -> {
              for (int i = 0; i < ownerFields.size(); i++) {
                e.put(ownerFields.get(i), owners.get(i));
              }
            });
    EventContracts.assertConforms(type, data);
    String eventId = Events.send(type, UUID.randomUUID().toString(), data);

    // then each owner and the operator receive it, signed
    for (WebhookReceiver r : ownerReceivers) {
      await().atMost(Duration.ofSeconds(60)).until(() -> r.received().size() == 1);
    }
    await().atMost(Duration.ofSeconds(60)).until(() -> operatorReceiver.received().size() == 1);
    assertThat(ownerReceivers.get(0).received().get(0).id()).isEqualTo("msg_" + eventId);
    for (String sub : ownerSubscriptions) {
      assertThat(
              count(
                  "select count(*) from delivery where subscription_id = $1 and event_id = $2",
                  UUID.fromString(sub),
                  eventId))
          .isOne();
    }

    // and the outsider's subscription never gets a delivery of it
    assertThat(
            count(
                "select count(*) from delivery where subscription_id = $1",
                UUID.fromString(outsiderSubscription)))
        .isZero();
    assertThat(outsiderReceiver.received()).isEmpty();
  }
}
