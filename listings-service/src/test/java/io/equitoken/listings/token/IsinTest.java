package io.equitoken.listings.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IsinTest {

  @ParameterizedTest
  @ValueSource(strings = {"US0378331005", "DE000BAY0017", "GB0002634946", "LU2EQT000010"})
  void shouldAcceptRealIsinsWithTheirCheckDigits(String isin) {
    assertThat(Isin.check(isin)).isEqualTo(Isin.Problem.NONE);
    assertThat(new Isin(isin).value()).isEqualTo(isin);
  }

  @ParameterizedTest
  @ValueSource(strings = {"US0378331004", "DE000BAY0018", "LU2EQT000011"})
  void shouldRejectAnIsinWhoseCheckDigitIsWrong(String isin) {
    assertThat(Isin.check(isin)).isEqualTo(Isin.Problem.CHECK_DIGIT);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "US037833100",
        "US03783310055",
        "1S0378331005",
        "us0378331005",
        "US037833100X",
        "US-378331005",
        "US 378331005"
      })
  void shouldRejectAnIsinOfTheWrongFormat(String isin) {
    assertThat(Isin.check(isin)).isEqualTo(Isin.Problem.FORMAT);
  }

  @Test
  void shouldRejectANullIsinAsWrongFormat() {
    assertThat(Isin.check(null)).isEqualTo(Isin.Problem.FORMAT);
    assertThatThrownBy(() -> new Isin("US0378331004"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("check digit");
  }

  @Test
  void shouldCanonicaliseLowerCaseInputToUpperCase() {
    assertThat(Isin.canonical(" us0378331005 ")).isEqualTo("US0378331005");
  }

  @Property
  void shouldAcceptExactlyOneCheckDigitForAnyPrefix(@ForAll("prefixes") String prefix) {
    // given any syntactically valid first eleven characters
    int digit = Isin.checkDigit(prefix);

    // then the computed check digit is accepted and every other digit is refused
    for (int candidate = 0; candidate <= 9; candidate++) {
      Isin.Problem expected = candidate == digit ? Isin.Problem.NONE : Isin.Problem.CHECK_DIGIT;
      assertThat(Isin.check(prefix + candidate)).isEqualTo(expected);
    }
  }

  @Provide
  Arbitrary<String> prefixes() {
    Arbitrary<String> country = Arbitraries.strings().withCharRange('A', 'Z').ofLength(2);
    Arbitrary<String> body = Arbitraries.strings().withCharRange('A', 'Z').numeric().ofLength(9);
    return country.flatMap(c -> body.map(b -> c + b));
  }
}
