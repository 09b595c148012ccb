package io.equitoken.portfolio.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.ProblemException;
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
        .isInstanceOf(ProblemException.class)
        .satisfies(
            e -> {
              ProblemException p = (ProblemException) e;
              assertThat(p.status().value()).isEqualTo(403);
              assertThat(p.code()).isEqualTo("not-your-portfolio");
              assertThat(p.properties()).containsEntry("field", "investorId");
            });
  }

  @Test
  void shouldLetOperatorsReadAnyoneButOnlyByName() {
    assertThat(Owners.owner(OPERATOR, "inv-2")).isEqualTo("inv-2");
    assertThatThrownBy(() -> Owners.owner(OPERATOR, null))
        .isInstanceOf(ProblemException.class)
        .satisfies(e -> assertThat(((ProblemException) e).status().value()).isEqualTo(400));
    assertThatThrownBy(() -> Owners.owner(OPERATOR, " "))
        .isInstanceOf(ProblemException.class)
        .satisfies(e -> assertThat(((ProblemException) e).code()).isEqualTo("invalid-investor-id"));
  }
}
