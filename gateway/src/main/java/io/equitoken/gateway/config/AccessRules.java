package io.equitoken.gateway.config;

import static io.equitoken.platform.web.Roles.COMPLIANCE_OFFICER;
import static io.equitoken.platform.web.Roles.FOUNDER;
import static io.equitoken.platform.web.Roles.INVESTOR;
import static io.equitoken.platform.web.Roles.OPERATOR;
import static org.springframework.http.HttpMethod.DELETE;
import static org.springframework.http.HttpMethod.GET;
import static org.springframework.http.HttpMethod.POST;
import static org.springframework.http.HttpMethod.PUT;

import io.equitoken.platform.web.RoleMatrix;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;

/**
 * The gateway's coarse role → endpoint matrix (first matching rule wins). It only keeps callers
 * away from whole areas they can never use; each service enforces its own finer matrix and
 * object-level rules behind it. A routed area's last rule names no method, so a method not listed
 * is refused to the roles that have no business there instead of falling through to "any token".
 * docs/services/gateway.md shows this table; GatewayRoleMatrixIT tests every cell.
 */
@Configuration(proxyBeanMethods = false)
class AccessRules {

  private static final HttpMethod ANY_METHOD = null;

  @Bean
  RoleMatrix gatewayRoleMatrix() {
    return RoleMatrix.builder()
        // anonymous: getting a token, the public keys, the API description
        .anonymous(POST, "/auth/token")
        .anonymous(GET, "/.well-known/jwks.json")
        .anonymous(GET, "/openapi")
        .anonymous(GET, "/openapi.json")
        .anonymous(GET, "/openapi.yaml")
        .anonymous(GET, "/openapi/*")
        // identity: any principal lists and manages its own keys; identity-service checks the
        // details (whose keys, which roles, whether the caller's own key is still active)
        .allowAnyRole(GET, "/developer/api-key")
        .allowAnyRole(POST, "/developer/api-key")
        .allowAnyRole(DELETE, "/developer/api-key/*")
        .allow(ANY_METHOD, "/developer/**", OPERATOR)
        // listings: everyone reads; founders (their own listings) and operators write
        .allowAnyRole(GET, "/listings")
        .allowAnyRole(GET, "/listings/**")
        .allowAnyRole(GET, "/tokens/*")
        .allowAnyRole(GET, "/tokens/*/compartment")
        .allowAnyRole(GET, "/tokens/*/price-history")
        .allowAnyRole(GET, "/tokens/*/rules")
        .allowAnyRole(GET, "/tokens/*/market")
        .allow(ANY_METHOD, "/listings", FOUNDER, OPERATOR)
        .allow(ANY_METHOD, "/listings/**", FOUNDER, OPERATOR)
        .allow(POST, "/tokens/*/transfers", OPERATOR)
        .allow(PUT, "/tokens/*/rules", OPERATOR)
        // market controls: operators halt and resume a token and cancel its orders
        .allow(POST, "/tokens/*/halt", OPERATOR)
        .allow(POST, "/tokens/*/resume", OPERATOR)
        .allow(POST, "/tokens/*/orders/cancel", OPERATOR)
        .allow(ANY_METHOD, "/tokens/**", FOUNDER, OPERATOR)
        // portfolio: a holder's own holdings, transactions and valuation history (investors, and
        // founders holding their own tokens); operators read anyone's and reconcile
        .allow(ANY_METHOD, "/investor/**", INVESTOR, FOUNDER, OPERATOR)
        .allow(ANY_METHOD, "/portfolio/**", OPERATOR)
        // trading: everyone sees windows; investors trade, founders sell tokens they hold;
        // operators schedule windows and see every order (trading-service checks ownership)
        .allowAnyRole(GET, "/liquidity/**")
        .allow(ANY_METHOD, "/liquidity/**", OPERATOR)
        .allow(POST, "/trade", INVESTOR, FOUNDER)
        .allow(POST, "/trade/check", INVESTOR, FOUNDER)
        .allow(GET, "/trade", INVESTOR, FOUNDER, OPERATOR)
        .allow(GET, "/trade/**", INVESTOR, FOUNDER, OPERATOR)
        .allow(DELETE, "/trade/**", INVESTOR, FOUNDER, OPERATOR)
        .allow(ANY_METHOD, "/trade", OPERATOR)
        .allow(ANY_METHOD, "/trade/**", OPERATOR)
        // cash: holders read their own account and withdraw; operators (and the payments
        // integration's operator key) record deposits, settle withdrawals and read every account
        // (trading-service checks owners)
        .allow(GET, "/cash/**", INVESTOR, FOUNDER, OPERATOR)
        .allow(POST, "/cash/withdrawals", INVESTOR, FOUNDER)
        .allow(ANY_METHOD, "/cash/**", OPERATOR)
        // market controls on investors (freeze, cancel all) and the audit log: operators only
        .allow(ANY_METHOD, "/investors/**", OPERATOR)
        .allow(ANY_METHOD, "/operator/**", OPERATOR)
        // compliance: investors submit KYC and read their status; officers review
        .allow(POST, "/compliance/kyc", INVESTOR)
        .allow(ANY_METHOD, "/compliance/kyc/**", INVESTOR, COMPLIANCE_OFFICER, OPERATOR)
        .allow(GET, "/compliance/status", INVESTOR)
        .allow(ANY_METHOD, "/compliance/reviews/**", COMPLIANCE_OFFICER, OPERATOR)
        .allow(ANY_METHOD, "/compliance/**", COMPLIANCE_OFFICER, OPERATOR)
        // webhooks: any principal subscribes to what it may read; webhook-service filters events
        .allowAnyRole(ANY_METHOD, "/webhooks/**")
        .build();
  }
}
