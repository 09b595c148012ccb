package io.equitoken.portfolio.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.OpenApiContract;
import org.junit.jupiter.api.Test;

/** Keeps contracts/openapi/portfolio-service.yaml in step with the code. */
class OpenApiContractTest {

  private final OpenApiContract contract = OpenApiContract.of("portfolio-service");

  @Test
  void shouldDocumentExactlyTheEndpointsOfTheRoleMatrix() {
    contract.assertDocumentsExactly(new PortfolioRoleMatrix().roleMatrix());
  }

  @Test
  void shouldDocumentEveryResponseField() {
    contract.assertRequiredFields("Portfolio", PortfolioResponses.PortfolioView.class);
    contract.assertRequiredFields("Holding", PortfolioResponses.HoldingView.class);
    contract.assertProperties("Transaction", PortfolioResponses.TransactionView.class);
    contract.assertRequiredFields(
        "ValuationHistory", PortfolioResponses.ValuationHistoryView.class);
    // cash and totalWithCash only with includeCash=true
    contract.assertProperties("ValuationPoint", PortfolioResponses.PointView.class);
    contract.assertRequiredFields("Cash", PortfolioResponses.CashView.class);
    contract.assertRequiredFields("ValuationPosition", PortfolioResponses.PositionView.class);
    contract.assertRequiredFields("Reconciliation", PortfolioResponses.ReconciliationView.class);
    contract.assertRequiredFields("ReconciliationMismatch", PortfolioResponses.MismatchView.class);
    contract.assertRequiredFields("ReconciliationCash", PortfolioResponses.CashCurrencyView.class);
    contract.assertRequiredFields(
        "ReconciliationCashAccount", PortfolioResponses.CashAccountOffView.class);
  }

  @Test
  void shouldKeepTheSpecsPortfolioFieldsExactly() {
    assertThat(OpenApiContract.wireNames(PortfolioResponses.PortfolioView.class))
        .contains("investorId", "totalValue", "holdings");
    assertThat(OpenApiContract.wireNames(PortfolioResponses.HoldingView.class))
        .contains("tokenId", "startup", "quantity", "currentPrice", "currentValue");
  }
}
