package io.equitoken.benchmarks.orders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The order load's buyers: enough of them for the rate, each funded for its share. */
class BuyingInvestorsTest {

  @Test
  void shouldGiveEachInvestorAtMostFiveOrdersPerSecond() {
    assertThat(BuyingInvestors.needed(40)).isEqualTo(8);
    assertThat(BuyingInvestors.needed(50)).isEqualTo(10);
    assertThat(BuyingInvestors.needed(51)).isEqualTo(11);
    assertThat(BuyingInvestors.needed(1)).isEqualTo(BuyingInvestors.MIN_INVESTORS);
    assertThat(BuyingInvestors.needed(10_000)).isEqualTo(BuyingInvestors.MAX_INVESTORS);
  }

  @Test
  void shouldFundTwiceTheInvestorsShareOfTheBuys() {
    // 1,000 buys over 10 investors at 12.50: 100 each, plus 10, twice
    assertThat(BuyingInvestors.funding(1_000, 10, new BigDecimal("12.50")))
        .isEqualByComparingTo("2750.00");
  }

  @Test
  void shouldCreateOneInvestorKeyPerBuyerThroughTheOperator() throws Exception {
    List<String> calls = new ArrayList<>();
    BuyingInvestors.Api api =
        (method, path, bearer, type, body, ok) -> {
          calls.add(method + " " + path + " " + bearer + " " + new String(body, "UTF-8"));
          return "{\"apiKey\":\"etk_" + calls.size() + "\",\"secret\":\"s" + calls.size() + "\"}";
        };

    List<BuyingInvestors.Investor> made = BuyingInvestors.create(api, "op", "run-7", 3);

    assertThat(made)
        .containsExactly(
            new BuyingInvestors.Investor("run-7-1", "etk_1", "s1"),
            new BuyingInvestors.Investor("run-7-2", "etk_2", "s2"),
            new BuyingInvestors.Investor("run-7-3", "etk_3", "s3"));
    assertThat(calls.get(1))
        .isEqualTo(
            "POST /developer/api-key op {\"name\":\"order load buyer\",\"principalId\":\"run-7-2\","
                + "\"roles\":[\"investor\"]}");
    assertThatThrownBy(() -> BuyingInvestors.create(api, "op", "x", 101))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void shouldSubmitTheDetailsAndTwoPdfDocumentsAsMultipart() {
    String body = new String(BuyingInvestors.kycBody("b0", "run-7-1"), StandardCharsets.UTF_8);

    assertThat(body)
        .startsWith("--b0\r\nContent-Disposition: form-data; name=\"details\"\r\n")
        .contains("\"documentTypes\":[\"passport\",\"proof_of_address\"]")
        .contains("name=\"documents\"; filename=\"passport.pdf\"\r\nContent-Type: application/pdf")
        .contains("name=\"documents\"; filename=\"address.pdf\"\r\nContent-Type: application/pdf")
        .endsWith("--b0--\r\n");
    assertThat(body.split("%PDF-1.4", -1)).hasSize(3);
  }
}
