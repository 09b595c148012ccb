package io.equitoken.portfolio.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.core.RefusedException;
import io.equitoken.platform.web.Caller;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OwnersTest {

  private static final Caller INVESTOR = new Caller("inv-1", Set.of("investor"), "j1");
  private static final Caller FOUNDER = new Caller("founder-1", Set.of("founder"), "j2");
  private static final Caller OPERATOR = new Caller("op-1", Set.of("operator"), "j3");

  @Test
  void shouldReadTheCallersOwnPortfolio() {
    assertThat(Owners.owner(INVESTOR, null)).isEqualTo("inv-1");
    assertThat(Owners.owner(INVESTOR, "inv-1")).isEqualTo("inv-1");
    assertThat(Owners.owner(FOUNDER, null)).isEqualTo("founder-1");
  }

  @Test
  void shouldRefuseAnotherPrincipalsPortfolioToNonOperators() {
    assertThatThrownBy(() -> Owners.owner(INVESTOR, "inv-2"))
        .isInstanceOf(RefusedException.class)
        .satisfies(
            e -> {
              var p = ((RefusedException) e).refusal();
              assertThat(p.status()).isEqualTo(403);
              assertThat(p.code()).isEqualTo("not-your-portfolio");
              assertThat(p.field()).isEqualTo("investorId");
            });
  }

  @Test
  void shouldLetOperatorsReadAnyoneButOnlyByName() {
    assertThat(Owners.owner(OPERATOR, "inv-2")).isEqualTo("inv-2");
    assertThatThrownBy(() -> Owners.owner(OPERATOR, null))
        .isInstanceOf(RefusedException.class)
        .satisfies(e -> assertThat(((RefusedException) e).refusal().status()).isEqualTo(400));
    assertThatThrownBy(() -> Owners.owner(OPERATOR, " "))
        .isInstanceOf(RefusedException.class)
        .satisfies(
            e ->
                assertThat(((RefusedException) e).refusal().code()).isEqualTo("invalid-parameter"));
  }
}
