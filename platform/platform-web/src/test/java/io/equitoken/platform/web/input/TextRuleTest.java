package io.equitoken.platform.web.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.web.problem.ProblemException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class TextRuleTest {

  @Test
  void shouldAcceptOrdinaryTextEmojiAndNewlinesWhereAllowed() {
    assertThat(TextRule.violation("Zoë's café 🚀", false)).isNull();
    assertThat(TextRule.violation("line one\nline two\r\n\tindented", true)).isNull();
  }

  @Test
  void shouldRefuseNulControlsAndLoneSurrogates() {
    assertThat(TextRule.violation("demo\u0000investor", true)).contains("NUL");
    assertThat(TextRule.violation("bell\u0007", true)).contains("control");
    assertThat(TextRule.violation("two\nlines", false)).contains("control");
    assertThat(TextRule.violation("lone \ud800 high", true)).contains("surrogate");
    assertThat(TextRule.violation("lone \udc00 low", true)).contains("surrogate");
    assertThat(TextRule.violation("end \ud83d", true)).contains("surrogate");
  }

  @Test
  void shouldAnswerA400ProblemNamingTheField() {
    assertThatThrownBy(() -> TextRule.requireSingleLine("reason", "a\u0000b"))
        .isInstanceOf(ProblemException.class)
        .hasMessageContaining("reason")
        .satisfies(e -> assertThat(((ProblemException) e).status().value()).isEqualTo(400));
  }

  @Property
  void shouldAcceptExactlyTheStringsWithoutControlsOrLoneSurrogates(@ForAll String value) {
    boolean clean =
        value.chars().noneMatch(c -> c < 0x20)
            && value.codePoints().noneMatch(cp -> cp >= 0xD800 && cp <= 0xDFFF);
    assertThat(TextRule.violation(value, false) == null).isEqualTo(clean);
  }
}
