package io.equitoken.trading.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.core.Roles;
import io.equitoken.platform.test.RoleMatrixWalker;
import io.equitoken.platform.web.RoleMatrix;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Every cell of trading's role matrix, allowed and denied, with real tokens (platform-test's {@link
 * RoleMatrixWalker}). The table below must name exactly the bean's rules; object-level access
 * (another investor's order → 404) is in {@code OrdersIT}.
 */
class RoleMatrixIT extends TradingIntegrationTest {

  private static final String ANY = new TreeSet<>(Roles.ALL).toString();

  /** The documented matrix: who may call what (docs/services/trading-service.md). */
  private static final List<String> TABLE =
      List.of(
          "GET /liquidity/windows " + ANY,
          "GET /liquidity/windows/{id} " + ANY,
          "POST /liquidity/windows [operator]",
          "POST /liquidity/windows/{id}/cancel [operator]",
          "POST /trade [founder, investor]",
          "POST /trade/check [founder, investor]",
          "GET /trade [founder, investor, operator]",
          "GET /trade/status/{tradeId} [founder, investor, operator]",
          "DELETE /trade/{tradeId} [founder, investor, operator]",
          "GET /tokens/{tokenId}/price-history " + ANY,
          "POST /tokens/{tokenId}/transfers [operator]",
          "GET /tokens/{tokenId}/rules " + ANY,
          "PUT /tokens/{tokenId}/rules [operator]",
          "GET /tokens/{tokenId}/market " + ANY,
          "POST /tokens/{tokenId}/halt [operator]",
          "POST /tokens/{tokenId}/resume [operator]",
          "GET /investors/{investorId}/freeze [operator]",
          "POST /investors/{investorId}/freeze [operator]",
          "POST /investors/{investorId}/unfreeze [operator]",
          "POST /tokens/{tokenId}/orders/cancel [operator]",
          "POST /investors/{investorId}/orders/cancel [operator]",
          "GET /operator/audit [operator]",
          "GET /cash/account [founder, investor, operator]",
          "GET /cash/accounts [operator]",
          "GET /cash/accounts/{ownerId} [founder, investor, operator]",
          "GET /cash/accounts/{ownerId}/transactions [founder, investor, operator]",
          "GET /cash/transactions [founder, investor, operator]",
          "GET /cash/summary [operator]",
          "POST /cash/deposits [operator]",
          "GET /cash/deposits/{depositId} [founder, investor, operator]",
          "POST /cash/withdrawals [founder, investor]",
          "GET /cash/withdrawals [founder, investor, operator]",
          "GET /cash/withdrawals/{withdrawalId} [founder, investor, operator]",
          "POST /cash/withdrawals/{withdrawalId}/paid [operator]",
          "POST /cash/withdrawals/{withdrawalId}/failed [operator]",
          "POST /cash/adjustments [operator]",
          "GET /actuator/matcher [operator]");

  @Autowired RoleMatrix matrix;
  @LocalServerPort int port;

  @Test
  void shouldDeclareExactlyTheDocumentedMatrix() {
    RoleMatrixWalker.assertDeclares(matrix, TABLE);
  }

  @Test
  void shouldAllowExactlyTheRolesOfTheMatrixAndRefuseTheOthers() {
    // every rule × every role, anonymous and a token without roles: allowed → never 401/403,
    // denied → 403 forbidden (401 unauthenticated anonymous) problem+json
    var cells =
        RoleMatrixWalker.of(matrix, "http://127.0.0.1:" + port)
            .pathVariable("id", "3a000000-0000-4000-8000-00000000dead")
            .pathVariable("tradeId", "3a000000-0000-4000-8000-00000000beef")
            .pathVariable("tokenId", "tok-walker")
            .pathVariable("ownerId", "owner-walker")
            .pathVariable("investorId", "investor-walker")
            .pathVariable("depositId", "3a000000-0000-4000-8000-00000000beef")
            .pathVariable("withdrawalId", "3a000000-0000-4000-8000-00000000beef")
            .withTokenWithoutRoles()
            .walk();

    assertThat(cells).hasSize(TABLE.size() * (Roles.ALL.size() + 2));
    // allowed reads of market data and of one's own cash answer 200 (an unknown window: 404),
    // unknown orders, deposits, withdrawals and another owner's account 404
    assertThat(cells)
        .filteredOn(c -> c.allowed() && c.method().equals("GET"))
        .filteredOn(
            c ->
                List.of("/liquidity/windows", "/trade", "/cash/account", "/cash/transactions")
                    .contains(c.path()))
        .allSatisfy(c -> assertThat(c.status()).isEqualTo(200));
    assertThat(cells)
        .filteredOn(
            c ->
                c.allowed()
                    && c.method().equals("GET")
                    && (c.path().contains("00000000beef")
                        || (c.path().contains("owner-walker") && !c.role().equals("operator"))))
        .allSatisfy(c -> assertThat(c.status()).isEqualTo(404));
    // allowed writes with an empty body are refused as bad input, never accepted
    assertThat(cells)
        .filteredOn(c -> c.allowed() && c.method().equals("POST"))
        .allSatisfy(c -> assertThat(c.status()).isBetween(400, 422));
  }
}
