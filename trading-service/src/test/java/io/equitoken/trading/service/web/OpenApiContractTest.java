package io.equitoken.trading.service.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.OpenApiContract;
import org.junit.jupiter.api.Test;

/** Keeps contracts/openapi/trading-service.yaml in step with the code. */
class OpenApiContractTest {

  private final OpenApiContract contract = OpenApiContract.of("trading-service");

  @Test
  void shouldDocumentExactlyTheEndpointsOfTheRoleMatrix() {
    assertThat(contract.openApiVersion()).startsWith("3.1");
    contract.assertDocumentsExactly(new TradingRoleMatrix().roleMatrix());
  }

  @Test
  void shouldDocumentEveryFieldOfEveryAnswerAndRequest() {
    contract.assertProperties("TradeOrder", OrderDtos.PlaceOrder.class);
    contract.assertProperties("OrderAccepted", OrderDtos.Accepted.class);
    contract.assertProperties("OrderState", OrderDtos.Status.class);
    contract.assertProperties("ScheduleWindow", WindowDtos.ScheduleWindow.class);
    contract.assertProperties("LiquidityWindow", WindowDtos.Window.class);
    contract.assertProperties("WindowPrices", PriceHistoryController.WindowPrices.class);
  }

  @Test
  void shouldDocumentEveryFieldOfTheCashAnswersAndRequests() {
    contract.assertProperties("RecordDeposit", CashDtos.RecordDeposit.class);
    contract.assertProperties("RequestWithdrawal", CashDtos.RequestWithdrawal.class);
    contract.assertRequiredFields("MarkWithdrawalPaid", CashDtos.MarkPaid.class);
    contract.assertRequiredFields("MarkWithdrawalFailed", CashDtos.MarkFailed.class);
    contract.assertProperties("CashAdjustment", CashDtos.Adjust.class);
    contract.assertProperties("CashAccount", CashDtos.Account.class);
    contract.assertProperties("CashTransaction", CashDtos.Transaction.class);
    contract.assertProperties("Deposit", CashDtos.DepositView.class);
    contract.assertProperties("Withdrawal", CashDtos.WithdrawalView.class);
    contract.assertProperties("CashBooks", CashDtos.Summary.class);
    contract.assertProperties("OrderCash", CashDtos.OrderCash.class);
  }
}
