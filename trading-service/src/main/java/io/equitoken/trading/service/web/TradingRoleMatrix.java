package io.equitoken.trading.service.web;

import static io.equitoken.platform.web.Roles.FOUNDER;
import static io.equitoken.platform.web.Roles.INVESTOR;
import static io.equitoken.platform.web.Roles.OPERATOR;

import io.equitoken.platform.web.RoleMatrix;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;

/**
 * The one place that says which roles may call which endpoint of trading-service. Windows and price
 * history are public market data (any role), and so are a token's transfer rules and whether its
 * trading is halted; operators schedule and cancel windows, move holdings, set transfer rules and
 * halt and resume trading in a token and freeze and unfreeze investors. Investors trade; founders
 * too, but only to sell tokens they hold (the gate refuses their buys). Operators see and cancel
 * every order; everyone else only their own (404 otherwise). Cash: investors and founders hold
 * accounts, see their own and withdraw from them; operators (and the payments integration, which
 * uses an operator key) record deposits, settle withdrawals, correct accounts and see every
 * account.
 */
@Configuration
class TradingRoleMatrix {

  @Bean
  RoleMatrix roleMatrix() {
    return RoleMatrix.builder()
        .allowAnyRole(HttpMethod.GET, "/liquidity/windows")
        .allowAnyRole(HttpMethod.GET, "/liquidity/windows/{id}")
        .allow(HttpMethod.POST, "/liquidity/windows", OPERATOR)
        .allow(HttpMethod.POST, "/liquidity/windows/{id}/cancel", OPERATOR)
        .allow(HttpMethod.POST, "/trade", INVESTOR, FOUNDER)
        .allow(HttpMethod.POST, "/trade/check", INVESTOR, FOUNDER)
        .allow(HttpMethod.GET, "/trade", INVESTOR, FOUNDER, OPERATOR)
        .allow(HttpMethod.GET, "/trade/status/{tradeId}", INVESTOR, FOUNDER, OPERATOR)
        .allow(HttpMethod.DELETE, "/trade/{tradeId}", INVESTOR, FOUNDER, OPERATOR)
        .allowAnyRole(HttpMethod.GET, "/tokens/{tokenId}/price-history")
        .allow(HttpMethod.POST, "/tokens/{tokenId}/transfers", OPERATOR)
        .allowAnyRole(HttpMethod.GET, "/tokens/{tokenId}/rules")
        .allow(HttpMethod.PUT, "/tokens/{tokenId}/rules", OPERATOR)
        .allowAnyRole(HttpMethod.GET, "/tokens/{tokenId}/market")
        .allow(HttpMethod.POST, "/tokens/{tokenId}/halt", OPERATOR)
        .allow(HttpMethod.POST, "/tokens/{tokenId}/resume", OPERATOR)
        .allow(HttpMethod.GET, "/investors/{investorId}/freeze", OPERATOR)
        .allow(HttpMethod.POST, "/investors/{investorId}/freeze", OPERATOR)
        .allow(HttpMethod.POST, "/investors/{investorId}/unfreeze", OPERATOR)
        .allow(HttpMethod.POST, "/tokens/{tokenId}/orders/cancel", OPERATOR)
        .allow(HttpMethod.GET, "/operator/audit", OPERATOR)
        .allow(HttpMethod.POST, "/investors/{investorId}/orders/cancel", OPERATOR)
        .allow(HttpMethod.GET, "/cash/account", INVESTOR, FOUNDER, OPERATOR)
        .allow(HttpMethod.GET, "/cash/accounts", OPERATOR)
        .allow(HttpMethod.GET, "/cash/accounts/{ownerId}", INVESTOR, FOUNDER, OPERATOR)
        .allow(HttpMethod.GET, "/cash/accounts/{ownerId}/transactions", INVESTOR, FOUNDER, OPERATOR)
        .allow(HttpMethod.GET, "/cash/transactions", INVESTOR, FOUNDER, OPERATOR)
        .allow(HttpMethod.GET, "/cash/summary", OPERATOR)
        .allow(HttpMethod.POST, "/cash/deposits", OPERATOR)
        .allow(HttpMethod.GET, "/cash/deposits/{depositId}", INVESTOR, FOUNDER, OPERATOR)
        .allow(HttpMethod.POST, "/cash/withdrawals", INVESTOR, FOUNDER)
        .allow(HttpMethod.GET, "/cash/withdrawals", INVESTOR, FOUNDER, OPERATOR)
        .allow(HttpMethod.GET, "/cash/withdrawals/{withdrawalId}", INVESTOR, FOUNDER, OPERATOR)
        .allow(HttpMethod.POST, "/cash/withdrawals/{withdrawalId}/paid", OPERATOR)
        .allow(HttpMethod.POST, "/cash/withdrawals/{withdrawalId}/failed", OPERATOR)
        .allow(HttpMethod.POST, "/cash/adjustments", OPERATOR)
        .allow(HttpMethod.GET, "/actuator/matcher", OPERATOR)
        .build();
  }
}
