package io.equitoken.portfolio.web;

import static io.equitoken.platform.core.Roles.FOUNDER;
import static io.equitoken.platform.core.Roles.INVESTOR;
import static io.equitoken.platform.core.Roles.OPERATOR;

import io.equitoken.platform.web.RoleMatrix;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;

/**
 * The one place that says which roles may call which endpoint of portfolio-service. Investors and
 * founders (who hold their own tokens from issuance, and may buy others) read their own portfolio;
 * operators read anyone's with {@code ?investorId=}; reconciliation is for operators. Partners and
 * compliance officers have no business with holdings.
 */
@Configuration
class PortfolioRoleMatrix {

  @Bean
  RoleMatrix roleMatrix() {
    return RoleMatrix.builder()
        .allow(HttpMethod.GET, "/investor/portfolio", INVESTOR, FOUNDER, OPERATOR)
        .allow(HttpMethod.GET, "/investor/transactions", INVESTOR, FOUNDER, OPERATOR)
        .allow(HttpMethod.GET, "/investor/valuation-history", INVESTOR, FOUNDER, OPERATOR)
        .allow(HttpMethod.GET, "/portfolio/reconciliation", OPERATOR)
        .build();
  }
}
